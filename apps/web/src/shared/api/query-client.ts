import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache. Components reach it through React; route loaders use it directly to
 * start a page's reads while the page's code is still on its way.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: true, staleTime: 30_000 } },
});

type Prefetch = Parameters<typeof queryClient.prefetchQuery>[0];

/**
 * A route loader's reads, started in a task of their own: the loader runs inside the router's
 * start, and a page's first call (its network set up, its body sealed) made that one task too long
 * for a slow phone (issue 13, total blocking time).
 */
export function prefetchSoon(...queries: Prefetch[]): null {
  setTimeout(() => queries.forEach((query) => void queryClient.prefetchQuery(query)), 0);
  return null;
}
