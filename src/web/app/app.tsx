import { StrictMode, useEffect } from "react";
import { type DataRouter, RouterProvider } from "react-router";
import { AppProviders } from "./providers";

/** The whole app around a router: the browser's, or a memory router when "/" is prerendered. */
export function App({ router }: { router: DataRouter }) {
  // Says on <html> when the page is live: a prerendered page's links reload it until hydration has
  // finished, and navigate within the app from then on (tests wait for this before checking so).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
