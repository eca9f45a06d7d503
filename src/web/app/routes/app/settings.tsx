import { useState } from "react";
import { useSearchParams } from "react-router";
import { allows } from "#domain/workspaces";
import { usePageMeta } from "#web/components/page-title";
import { Card } from "#web/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs";
import { useArtists } from "#web/features/artists/api/artists";
import { DevelopersTab } from "#web/features/developers/components/developers-tab";
import { PayeeDetailsCard } from "#web/features/royalties/components/payee-details-card";
import { LanguageCard } from "#web/features/settings/components/language-card";
import { NotificationsTab } from "#web/features/settings/components/notifications-tab";
import { ProfileTab } from "#web/features/settings/components/profile-tab";
import { SecurityTab } from "#web/features/settings/components/security-tab";
import { TeamTab } from "#web/features/workspaces/components/team-tab";
import { useT } from "#web/lib/i18n";
import { useSession } from "#web/lib/session";

const SECTIONS = ["profile", "team", "payment", "notifications", "security", "developers"] as const;
type Section = (typeof SECTIONS)[number];
const isSection = (value: string | null): value is Section => SECTIONS.includes(value as Section);

export function SettingsPage() {
  const t = useT();
  usePageMeta(t("settings.title"));
  // ?tab= opens a section directly (the dashboard's "Add Payout Details" links to Payment).
  const [params] = useSearchParams();
  const requested = params.get("tab");
  const [tab, setTab] = useState<Section>(isSection(requested) ? requested : "profile");
  const { data: user } = useSession();
  const artists = useArtists();
  const workspace = user?.workspace;
  // The team is for those who manage members; payee details for those who handle the money.
  const team = workspace ? allows(workspace, "members:manage") : false;
  const payment = workspace ? allows(workspace, "royalties:read") : false;
  const developers = workspace ? allows(workspace, "api:manage") : false;
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t("settings.title")}</h1>
      <Tabs value={tab} onValueChange={(v) => setTab(isSection(v) ? v : "profile")}>
        <TabsList aria-label={t("settings.sections")}>
          <TabsTrigger value="profile">{t("settings.tab.profile")}</TabsTrigger>
          {team ? <TabsTrigger value="team">{t("settings.tab.team")}</TabsTrigger> : null}
          {payment ? <TabsTrigger value="payment">{t("settings.tab.payment")}</TabsTrigger> : null}
          <TabsTrigger value="notifications">{t("settings.tab.notifications")}</TabsTrigger>
          <TabsTrigger value="security">{t("settings.tab.security")}</TabsTrigger>
          {developers ? <TabsTrigger value="developers">{t("settings.tab.developers")}</TabsTrigger> : null}
        </TabsList>
        <TabsContent value="profile" className="mt-6 grid gap-6">
          <Card>
            <LanguageCard />
          </Card>
          <Card>
            <ProfileTab />
          </Card>
        </TabsContent>
        {team && user ? (
          <TabsContent value="team" className="mt-6">
            <TeamTab user={user} artists={artists.data?.artists ?? []} />
          </TabsContent>
        ) : null}
        <TabsContent value="payment" className="mt-6">
          {/* One form for where royalties are paid (issue 34): residence first, then India's KYC or a
              bank abroad / PayPal with the US tax form. */}
          <PayeeDetailsCard />
        </TabsContent>
        <TabsContent value="notifications" className="mt-6">
          <Card>
            <NotificationsTab />
          </Card>
        </TabsContent>
        <TabsContent value="security" className="mt-6">
          <SecurityTab />
        </TabsContent>
        {developers ? (
          <TabsContent value="developers" className="mt-6">
            <DevelopersTab />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}
