import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useLoggedIn } from '../session/use-session.ts';

/** A member's list read page after page (infinite scroll, shown by PagedList): the wallet's orders and history, messages. */
export function usePaged<T>(key: readonly unknown[], fetchPage: (page: number) => Promise<{ list: T[]; total: number }>) {
  const loggedIn = useLoggedIn();
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.list.length, 0) < last.total && last.list.length > 0 ? pages.length + 1 : undefined),
    enabled: loggedIn,
    // Another filter keeps the rows in view until its own arrive, instead of a blank list.
    placeholderData: keepPreviousData,
  });
}
