import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { activateLocale } from "#domain/i18n";
import { App } from "#web/app/app";
import { routes } from "#web/app/routes";
import { initialLocale } from "#web/lib/i18n";
import { resolveLazyRoutes } from "#web/lib/resolve-lazy-routes";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("No #root element");
// The language first (Hindi's catalogues are their own download), so the first render is in it.
const locale = initialLocale();
document.documentElement.lang = locale;
const ready = activateLocale(locale);
if (root.firstElementChild) {
  // Public pages arrive prerendered (scripts/prerender.mjs). Their lazy page module loads before
  // hydration so the first render matches the markup; hydrating as a transition lets React yield
  // to the browser between pieces of work instead of blocking it in one long task.
  void Promise.all([ready, resolveLazyRoutes(routes, window.location.pathname)]).then(() => {
    const app = <App router={createBrowserRouter(routes)} />;
    startTransition(() => {
      hydrateRoot(root, app);
    });
  });
} else {
  void ready.then(() => createRoot(root).render(<App router={createBrowserRouter(routes)} />));
}
