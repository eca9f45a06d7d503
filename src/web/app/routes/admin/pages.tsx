export { AdminDashboardPage } from "./dashboard";
export { DeliveriesPage } from "./deliveries";
export { AdminPayoutsPage } from "./payouts";
export { ManageReleasesPage } from "./releases";
export { StoreReportsPage } from "./reports";
export { ManageSubscriptionsPage } from "./subscriptions";
export { SupportTicketsPage } from "./tickets";
export { ManageUsersPage } from "./users";
