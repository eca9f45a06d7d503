import { SectionPage } from "../section-page";

export const AdminDashboardPage = () => <SectionPage title="Admin Dashboard" />;
export const ManageUsersPage = () => <SectionPage title="Manage Users" />;
export const ManageReleasesPage = () => <SectionPage title="Manage Releases" />;
export const ManageSubscriptionsPage = () => <SectionPage title="Manage Subscriptions" />;
export const SupportTicketsPage = () => <SectionPage title="Support Tickets" />;
