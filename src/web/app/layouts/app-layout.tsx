import {
  BarChart3,
  CreditCard,
  Disc3,
  FileUp,
  IndianRupee,
  LayoutDashboard,
  LifeBuoy,
  ScrollText,
  Settings,
  ShieldAlert,
  UsersRound,
} from "lucide-react";
import { Navigate, useLocation } from "react-router";
import { allows, type Permission } from "#domain/workspaces";
import { FullPageSpinner } from "#web/components/spinner";
import { paths } from "#web/config/paths";
import { loginReturningTo } from "#web/features/auth/lib/chosen-plan";
import { NotificationBell } from "#web/features/notifications/components/notification-bell";
import { ReleaseSearch } from "#web/features/releases/components/release-search";
import { WorkspaceSwitcher } from "#web/features/workspaces/components/workspace-switcher";
import { useT } from "#web/lib/i18n";
import { useSession } from "#web/lib/session";
import { AreaLayout, type NavItem } from "./area-layout";

/** Each page and what the member's role must allow for it to be offered (the server decides anyway). */
const NAV: readonly (NavItem & { needs?: Permission })[] = [
  { to: paths.app.dashboard, label: "area.nav.dashboard", icon: LayoutDashboard },
  { to: paths.app.releases, label: "area.nav.releases", icon: Disc3 },
  { to: paths.app.artists, label: "area.nav.artists", icon: UsersRound },
  { to: paths.app.catalogueImport, label: "area.nav.import", icon: FileUp, needs: "releases:write" },
  { to: paths.app.analytics, label: "area.nav.analytics", icon: BarChart3, needs: "analytics:read" },
  { to: paths.app.royalties, label: "area.nav.royalties", icon: IndianRupee, needs: "royalties:read" },
  { to: paths.app.cases, label: "area.nav.cases", icon: ShieldAlert, needs: "royalties:read" },
  { to: paths.app.subscriptions, label: "area.nav.subscription", icon: CreditCard, needs: "billing:manage" },
  { to: paths.app.support, label: "area.nav.support", icon: LifeBuoy, needs: "support:use" },
  { to: paths.app.audit, label: "area.nav.audit", icon: ScrollText, needs: "audit:read" },
  { to: paths.app.settings, label: "area.nav.settings", icon: Settings },
];

/** Any signed-in user may enter /app (product §6); signed-out visitors go to /login. */
export function AppLayout() {
  const t = useT();
  const { data: user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <FullPageSpinner />;
  if (!user) return <Navigate to={loginReturningTo(location.pathname + location.search)} replace />;
  // The dashboard sums the whole workspace: a member limited to some artists starts at the releases.
  if (user.workspace?.artistScope && location.pathname === paths.app.dashboard) {
    return <Navigate to={paths.app.releases} replace />;
  }
  return (
    <AreaLayout
      user={user}
      homePath={paths.app.dashboard}
      navLabel={t("area.artistNavigation")}
      navItems={NAV.filter((item) =>
        item.to === paths.app.dashboard
          ? !user.workspace?.artistScope
          : !item.needs || (user.workspace && allows(user.workspace, item.needs)),
      )}
      topBarExtra={
        <>
          <WorkspaceSwitcher user={user} />
          <ReleaseSearch />
          <NotificationBell />
        </>
      }
    />
  );
}
