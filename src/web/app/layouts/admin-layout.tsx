import {
  Banknote,
  Building2,
  CreditCard,
  Disc3,
  FileSpreadsheet,
  LayoutDashboard,
  LifeBuoy,
  Send,
  ShieldAlert,
  Users,
} from "lucide-react";
import { Navigate, useLocation } from "react-router";
import { AdminAlertDot, AdminSearch } from "#web/app/layouts/admin-header-extras";
import { FullPageSpinner } from "#web/components/spinner";
import { paths } from "#web/config/paths";
import { loginReturningTo } from "#web/features/auth/lib/chosen-plan";
import { useT } from "#web/lib/i18n";
import { useSession } from "#web/lib/session";
import { AreaLayout, type NavItem } from "./area-layout";

const NAV: readonly NavItem[] = [
  { to: paths.admin.dashboard, label: "admin.nav.dashboard", icon: LayoutDashboard },
  { to: paths.admin.users, label: "admin.nav.users", icon: Users },
  { to: paths.admin.workspaces, label: "admin.nav.workspaces", icon: Building2 },
  { to: paths.admin.releases, label: "admin.nav.releases", icon: Disc3 },
  { to: paths.admin.deliveries, label: "admin.nav.deliveries", icon: Send },
  { to: paths.admin.subscriptions, label: "admin.nav.subscriptions", icon: CreditCard },
  { to: paths.admin.tickets, label: "admin.nav.tickets", icon: LifeBuoy },
  { to: paths.admin.reports, label: "admin.nav.reports", icon: FileSpreadsheet },
  { to: paths.admin.payouts, label: "admin.nav.payouts", icon: Banknote },
  { to: paths.admin.cases, label: "admin.nav.cases", icon: ShieldAlert },
];

/** Admins only: signed out → /login, signed-in non-admins → / (product §6). */
export function AdminLayout() {
  const t = useT();
  const { data: user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <FullPageSpinner />;
  if (!user) return <Navigate to={loginReturningTo(location.pathname + location.search)} replace />;
  if (user.role !== "admin") return <Navigate to={paths.home} replace />;
  return (
    <AreaLayout
      user={user}
      homePath={paths.admin.dashboard}
      navLabel={t("area.adminNavigation")}
      navItems={NAV}
      topBarExtra={
        <>
          <AdminSearch />
          <AdminAlertDot />
        </>
      }
    />
  );
}
