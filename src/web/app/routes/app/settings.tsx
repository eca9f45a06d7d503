import { useState } from "react";
import { useSearchParams } from "react-router";
import { usePageMeta } from "#web/components/page-title";
import { Card } from "#web/components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "#web/components/ui/tabs";
import { PayeeDetailsCard } from "#web/features/royalties/components/payee-details-card";
import { NotificationsTab } from "#web/features/settings/components/notifications-tab";
import { PaymentTab } from "#web/features/settings/components/payment-tab";
import { ProfileTab } from "#web/features/settings/components/profile-tab";
import { SecurityTab } from "#web/features/settings/components/security-tab";

const SECTIONS = ["profile", "payment", "notifications", "security"] as const;
type Section = (typeof SECTIONS)[number];
const isSection = (value: string | null): value is Section => SECTIONS.includes(value as Section);

export function SettingsPage() {
  usePageMeta("Settings");
  // ?tab= opens a section directly (the dashboard's "Add Payout Details" links to Payment).
  const [params] = useSearchParams();
  const requested = params.get("tab");
  const [tab, setTab] = useState<Section>(isSection(requested) ? requested : "profile");
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Settings</h1>
      <Tabs value={tab} onValueChange={(v) => setTab(isSection(v) ? v : "profile")}>
        <TabsList aria-label="Settings sections">
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="payment">Payment</TabsTrigger>
          <TabsTrigger value="notifications">Notifications</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
        </TabsList>
        <TabsContent value="profile" className="mt-6">
          <Card>
            <ProfileTab />
          </Card>
        </TabsContent>
        <TabsContent value="payment" className="mt-6">
          {/* Indian payouts first (issue 34: an Indian artist following "Add Payout Details" landed on the
              bank/PayPal card with US tax forms first and thought she was done). */}
          <PayeeDetailsCard />
          <Card className="mt-4">
            {/* The spec's payment form, for payments an admin makes by hand (and payees outside India,
                who give a US tax form); each card says which it is, so they do not read as one form. */}
            <section aria-labelledby="manual-payment-heading" className="grid gap-4">
              <div className="grid gap-1">
                <h2 id="manual-payment-heading" className="text-lg font-semibold">
                  Bank transfer or PayPal
                </h2>
                <p className="text-sm text-muted-foreground">
                  Only if you are paid outside India, or by hand: an admin pays to these details and records the bank or
                  PayPal reference. The US tax forms (W-9, W-8BEN) are for payees outside India. Payouts in India use
                  the payee details above.
                </p>
              </div>
              <PaymentTab />
            </section>
          </Card>
        </TabsContent>
        <TabsContent value="notifications" className="mt-6">
          <Card>
            <NotificationsTab />
          </Card>
        </TabsContent>
        <TabsContent value="security" className="mt-6">
          <SecurityTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
