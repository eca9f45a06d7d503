export { AnalyticsPage } from "./analytics";
export { DashboardPage } from "./dashboard";
export { ReleaseDetailPage } from "./release-detail";
export { ReleasesPage } from "./releases";
export { RoyaltiesPage } from "./royalties";
export { SettingsPage } from "./settings";
export { SubscriptionPage } from "./subscription";
export { SupportPage } from "./support";
