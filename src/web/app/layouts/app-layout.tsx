import { BarChart3, CreditCard, Disc3, IndianRupee, LayoutDashboard, LifeBuoy, Settings } from "lucide-react";
import { Navigate, useLocation } from "react-router";
import { FullPageSpinner } from "#web/components/spinner";
import { paths } from "#web/config/paths";
import { loginReturningTo } from "#web/features/auth/lib/chosen-plan";
import { NotificationBell } from "#web/features/notifications/components/notification-bell";
import { ReleaseSearch } from "#web/features/releases/components/release-search";
import { useSession } from "#web/lib/session";
import { AreaLayout, type NavItem } from "./area-layout";

const NAV: readonly NavItem[] = [
  { to: paths.app.dashboard, label: "Dashboard", icon: LayoutDashboard },
  { to: paths.app.releases, label: "Releases", icon: Disc3 },
  { to: paths.app.analytics, label: "Analytics", icon: BarChart3 },
  { to: paths.app.royalties, label: "Royalties", icon: IndianRupee },
  { to: paths.app.subscriptions, label: "Subscription", icon: CreditCard },
  { to: paths.app.support, label: "Support", icon: LifeBuoy },
  { to: paths.app.settings, label: "Settings", icon: Settings },
];

/** Any signed-in user may enter /app (product §6); signed-out visitors go to /login. */
export function AppLayout() {
  const { data: user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <FullPageSpinner />;
  if (!user) return <Navigate to={loginReturningTo(location.pathname + location.search)} replace />;
  return (
    <AreaLayout
      user={user}
      homePath={paths.app.dashboard}
      navLabel="Artist navigation"
      navItems={NAV}
      topBarExtra={
        <>
          <ReleaseSearch />
          <NotificationBell />
        </>
      }
    />
  );
}
