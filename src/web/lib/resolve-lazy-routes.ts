import { matchRoutes, type RouteObject } from "react-router";

/**
 * Loads the lazy route modules a path matches and puts them on the routes, so the first render of
 * that path has its page (a prerender, and the hydration of one, must not render a blank outlet).
 */
export async function resolveLazyRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== "function") return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
