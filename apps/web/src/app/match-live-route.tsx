import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { MatchLiveProvider } from '../shared/slots/match-live.tsx';
import { MATCH_ROUTE_ID } from '../features/sports/area.tsx';

type LazyRoute = () => Promise<{ Component?: ComponentType | null } & Record<string, unknown>>;

/**
 * The match page with what live adds to it (its anchors, its chat room), loaded together with the
 * page: neither weighs on the first load of any other page.
 */
export function withMatchLive(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    if (route.id !== MATCH_ROUTE_ID || typeof route.lazy !== 'function') return route;
    const lazyPage = route.lazy as LazyRoute;
    return {
      ...route,
      lazy: async () => {
        const [page, { matchLive }] = await Promise.all([lazyPage(), import('../features/live/match-live.tsx')]);
        const Page = page.Component!;
        const WithLive = () => (
          <MatchLiveProvider value={matchLive}>
            <Page />
          </MatchLiveProvider>
        );
        return { ...page, Component: WithLive };
      },
    } as RouteObject;
  });
}
