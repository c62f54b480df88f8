import { matchRoutes, type RouteObject } from 'react-router';

/**
 * Before hydrating the page the server rendered: loads the code of every route matching the address
 * (the router would otherwise draw its fallback while they load, which is not the server's page),
 * and says every matched loader has already run (they only warm the query cache, which the page's
 * data has filled).
 */
export async function prepareHydration(routes: RouteObject[], location: string) {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
  const loaderData: Record<string, null> = {};
  for (const { route } of matches) if (route.loader && route.id) loaderData[route.id] = null;
  return { loaderData };
}
