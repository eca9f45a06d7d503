import { useSession } from "../../../features/auth/api/get-session";
import { SectionPage } from "../section-page";

export function DashboardPage() {
  const { data: user } = useSession();
  return <SectionPage title="Dashboard" description={`Welcome back, ${user?.name?.trim() || user?.email || ""}!`} />;
}
export const ReleasesPage = () => <SectionPage title="Your Releases" />;
export const AnalyticsPage = () => <SectionPage title="Analytics" />;
export const RoyaltiesPage = () => <SectionPage title="Royalties" />;
export const SubscriptionPage = () => <SectionPage title="Manage Your Subscription" />;
export { SupportPage } from "./support";
export const SettingsPage = () => <SectionPage title="Settings" />;
