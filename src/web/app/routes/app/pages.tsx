import { SectionPage } from "../section-page";

export { DashboardPage } from "./dashboard";
export { ReleaseDetailPage } from "./release-detail";
export { ReleasesPage } from "./releases";
export const AnalyticsPage = () => <SectionPage title="Analytics" />;
export const RoyaltiesPage = () => <SectionPage title="Royalties" />;
export { SettingsPage } from "./settings";
export { SubscriptionPage } from "./subscription";
export { SupportPage } from "./support";
