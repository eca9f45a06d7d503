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
import { useSession } from "#web/lib/session";
import { AreaLayout, type NavItem } from "./area-layout";

const NAV: readonly NavItem[] = [
  { to: paths.admin.dashboard, label: "Admin Dashboard", icon: LayoutDashboard },
  { to: paths.admin.users, label: "Manage Users", icon: Users },
  { to: paths.admin.workspaces, label: "Workspaces", icon: Building2 },
  { to: paths.admin.releases, label: "Manage Releases", icon: Disc3 },
  { to: paths.admin.deliveries, label: "Deliveries", icon: Send },
  { to: paths.admin.subscriptions, label: "Manage Subscriptions", icon: CreditCard },
  { to: paths.admin.tickets, label: "Support Tickets", icon: LifeBuoy },
  { to: paths.admin.reports, label: "Store Reports", icon: FileSpreadsheet },
  { to: paths.admin.payouts, label: "Payouts", icon: Banknote },
  { to: paths.admin.cases, label: "Store Notices", icon: ShieldAlert },
];

/** Admins only: signed out → /login, signed-in non-admins → / (product §6). */
export function AdminLayout() {
  const { data: user, isPending } = useSession();
  const location = useLocation();
  if (isPending) return <FullPageSpinner />;
  if (!user) return <Navigate to={loginReturningTo(location.pathname + location.search)} replace />;
  if (user.role !== "admin") return <Navigate to={paths.home} replace />;
  return (
    <AreaLayout
      user={user}
      homePath={paths.admin.dashboard}
      navLabel="Admin navigation"
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
