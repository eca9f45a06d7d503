import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter } from "react-router";
import { App } from "#web/app/app";
import { routes } from "#web/app/routes";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("No #root element");
const app = <App router={createBrowserRouter(routes)} />;
if (root.firstElementChild) {
  // The landing page arrives prerendered (scripts/prerender.mjs). Hydrating it as a transition lets
  // React yield to the browser between pieces of work instead of blocking it in one long task.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
