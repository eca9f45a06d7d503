import { Navigate, type RouteObject } from "react-router";
import { requireNamespaces } from "#domain/i18n";
import { PublicLayout } from "#web/app/layouts/public-layout";
import { NotFoundPage } from "#web/app/routes/not-found";
import { HomePage } from "#web/app/routes/public/home";
import { paths } from "#web/config/paths";

// The artist area, the admin area and the auth screens are separate chunks (product §10).
const publicPages = async () =>
  (await Promise.all([import("#web/app/routes/public/index"), requireNamespaces("pages")]))[0];
const auth = async () => (await Promise.all([import("#web/app/routes/auth/pages"), requireNamespaces("auth")]))[0];
const artist = () => import("#web/app/routes/app/pages");
const admin = () => import("#web/app/routes/admin/pages");

/** A signed-in area's layout, with the texts of the signed-in areas in the reader's language. */
async function signedIn<M>(layout: Promise<M>, ...more: "admin"[]): Promise<M> {
  const [module] = await Promise.all([layout, requireNamespaces("app", "auth", "pages", ...more)]);
  return module;
}

/** Every page of the app; the browser router and the build-time prerender of "/" share them. */
export const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: paths.home, element: <HomePage /> },
      { path: paths.features, lazy: async () => ({ Component: (await publicPages()).FeaturesPage }) },
      { path: paths.pricing, lazy: async () => ({ Component: (await publicPages()).PricingPage }) },
      { path: paths.artistServices, lazy: async () => ({ Component: (await publicPages()).ArtistServicesPage }) },
      { path: paths.production, lazy: async () => ({ Component: (await publicPages()).ProductionPage }) },
      { path: paths.contact, lazy: async () => ({ Component: (await publicPages()).ContactPage }) },
      { path: paths.supportPage, lazy: async () => ({ Component: (await publicPages()).SupportPage }) },
      { path: paths.apiReference, lazy: async () => ({ Component: (await publicPages()).ApiReferencePage }) },
      // Any other address: "not found" with the public header and footer (the server answers 404).
      { path: "*", element: <NotFoundPage /> },
    ],
  },
  { path: paths.login, lazy: async () => ({ Component: (await auth()).LoginPage }) },
  { path: paths.register, lazy: async () => ({ Component: (await auth()).RegisterPage }) },
  { path: paths.forgotPassword, lazy: async () => ({ Component: (await auth()).ForgotPasswordPage }) },
  { path: paths.resetPassword, lazy: async () => ({ Component: (await auth()).ResetPasswordPage }) },
  {
    path: paths.app.root,
    lazy: async () => ({ Component: (await signedIn(import("#web/app/layouts/app-layout"))).AppLayout }),
    children: [
      { index: true, element: <Navigate to={paths.app.dashboard} replace /> },
      { path: "dashboard", lazy: async () => ({ Component: (await artist()).DashboardPage }) },
      { path: "releases", lazy: async () => ({ Component: (await artist()).ReleasesPage }) },
      { path: "releases/:id", lazy: async () => ({ Component: (await artist()).ReleaseDetailPage }) },
      { path: "analytics", lazy: async () => ({ Component: (await artist()).AnalyticsPage }) },
      { path: "royalties", lazy: async () => ({ Component: (await artist()).RoyaltiesPage }) },
      { path: "subscriptions", lazy: async () => ({ Component: (await artist()).SubscriptionPage }) },
      { path: "support", lazy: async () => ({ Component: (await artist()).SupportPage }) },
      { path: "checkout/test/:ref", lazy: async () => ({ Component: (await artist()).TestCheckoutPage }) },
      { path: "settings", lazy: async () => ({ Component: (await artist()).SettingsPage }) },
      { path: "invite/:token", lazy: async () => ({ Component: (await artist()).InvitePage }) },
      { path: "join/:token", lazy: async () => ({ Component: (await artist()).JoinWorkspacePage }) },
      { path: "audit", lazy: async () => ({ Component: (await artist()).AuditLogPage }) },
      { path: "artists", lazy: async () => ({ Component: (await artist()).ArtistsPage }) },
      { path: "import", lazy: async () => ({ Component: (await artist()).CatalogueImportPage }) },
      { path: "cases", lazy: async () => ({ Component: (await artist()).CasesPage }) },
      { path: "cases/:id", lazy: async () => ({ Component: (await artist()).CaseDetailPage }) },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
  {
    path: paths.admin.root,
    lazy: async () => ({ Component: (await signedIn(import("#web/app/layouts/admin-layout"), "admin")).AdminLayout }),
    children: [
      { index: true, element: <Navigate to={paths.admin.dashboard} replace /> },
      { path: "dashboard", lazy: async () => ({ Component: (await admin()).AdminDashboardPage }) },
      { path: "users", lazy: async () => ({ Component: (await admin()).ManageUsersPage }) },
      { path: "releases", lazy: async () => ({ Component: (await admin()).ManageReleasesPage }) },
      { path: "deliveries", lazy: async () => ({ Component: (await admin()).DeliveriesPage }) },
      { path: "subscriptions", lazy: async () => ({ Component: (await admin()).ManageSubscriptionsPage }) },
      { path: "tickets", lazy: async () => ({ Component: (await admin()).SupportTicketsPage }) },
      { path: "reports", lazy: async () => ({ Component: (await admin()).StoreReportsPage }) },
      { path: "payouts", lazy: async () => ({ Component: (await admin()).AdminPayoutsPage }) },
      { path: "workspaces", lazy: async () => ({ Component: (await admin()).AdminWorkspacesPage }) },
      { path: "cases", lazy: async () => ({ Component: (await admin()).AdminCasesPage }) },
      { path: "cases/:id", lazy: async () => ({ Component: (await admin()).AdminCaseDetailPage }) },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];
