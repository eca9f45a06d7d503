import { renderToString } from "react-dom/server";
import { createMemoryRouter } from "react-router";
import { activateLocale, type Locale } from "#domain/i18n";
import { App } from "#web/app/app";
import { routes } from "#web/app/routes";
import { resolveLazyRoutes } from "#web/lib/resolve-lazy-routes";

export { LOCALES } from "#domain/i18n";
export { localizedMeta, NOT_FOUND_PAGE, PUBLIC_PAGES, pageHeadTags } from "#domain/public-pages";

/** A public page's markup as the browser's first render of that path will produce it, signed out. */
export async function renderPage(pathname: string, locale: Locale): Promise<string> {
  await activateLocale(locale);
  await resolveLazyRoutes(routes, pathname);
  return renderToString(<App router={createMemoryRouter(routes, { initialEntries: [pathname] })} />);
}
