import { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query cache. Components reach it through React; route loaders use it directly to
 * start a page's reads while the page's code is still on its way.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: true, staleTime: 30_000 } },
});
