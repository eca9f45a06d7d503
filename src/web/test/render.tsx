// Component and hook tests for the web app (issue 34): a component renders with what the app gives
// it (React Query, a router), and the network is mocked at the fetch level with MSW, so the typed
// API client, its error handling and the hooks run as they do in the browser.
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, configure, render } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { setupServer } from "msw/node";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, afterEach, beforeAll } from "vitest";
import { LocaleProvider } from "#web/lib/i18n";

// Two cores run the whole suite at once: waiting up to 5 s for what a screen shows is not slowness.
configure({ asyncUtilTimeout: 5000 });

/** The mocked API: each test adds its handlers (`api.use(http.get("/api/…", …))`). */
export const api = setupServer();

/** Starts the mocked network for a test file (a request nobody answers fails the test) and unmounts after each. */
export function mockApiForThisFile() {
  beforeAll(() => api.listen({ onUnhandledRequest: "error" }));
  afterEach(() => {
    // Vitest runs without globals, so Testing Library's own clean-up is not registered: unmount here.
    cleanup();
    api.resetHandlers();
  });
  afterAll(() => api.close());
}

/**
 * Renders `ui` at `path` inside the app's providers; `routes` are other pages the component may
 * navigate to (each shows its path as a heading, so a test can see where it went).
 */
export function renderWithApp(ui: ReactElement, opts: { path?: string; routes?: string[] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const path = opts.path ?? "/";
  const router = createMemoryRouter(
    [{ path, element: ui }, ...(opts.routes ?? []).map((route) => ({ path: route, element: <h1>{route}</h1> }))],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const view = render(
    <QueryClientProvider client={queryClient}>
      <LocaleProvider>
        <RouterProvider router={router} />
      </LocaleProvider>
    </QueryClientProvider>,
  );
  return { ...view, user, router, queryClient };
}
