export { AdminDashboardPage } from "./dashboard";
export { ManageReleasesPage } from "./releases";
export { ManageSubscriptionsPage } from "./subscriptions";
export { SupportTicketsPage } from "./tickets";
export { ManageUsersPage } from "./users";
