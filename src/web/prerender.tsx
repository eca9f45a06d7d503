import { renderToString } from "react-dom/server";
import { createMemoryRouter } from "react-router";
import { App } from "#web/app/app";
import { routes } from "#web/app/routes";

/** The landing page's markup as the browser's first render of "/" will produce it, signed out. */
export function renderLandingPage(): string {
  return renderToString(<App router={createMemoryRouter(routes, { initialEntries: ["/"] })} />);
}
