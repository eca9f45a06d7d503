import { StrictMode } from "react";
import { type DataRouter, RouterProvider } from "react-router";
import { AppProviders } from "./providers";

/** The whole app around a router: the browser's, or a memory router when "/" is prerendered. */
export function App({ router }: { router: DataRouter }) {
  return (
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}
