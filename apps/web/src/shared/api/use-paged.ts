import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useLoggedIn } from '../session/use-session.ts';

export interface PagedOptions {
  /** Read the pages again this often (open bets for fresh cash-out offers). */
  refetchInterval?: number | false;
  /** Another key (a filter) keeps the rows in view until its own arrive, instead of a blank list; default true. */
  keepRows?: boolean;
}

/** A member's list read page after page (infinite scroll): the wallet's orders and history, messages, bets. */
export function usePaged<T>(key: readonly unknown[], fetchPage: (page: number) => Promise<{ list: T[]; total: number }>, options: PagedOptions = {}) {
  const loggedIn = useLoggedIn();
  return useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (pages.reduce((n, p) => n + p.list.length, 0) < last.total && last.list.length > 0 ? pages.length + 1 : undefined),
    enabled: loggedIn,
    refetchInterval: options.refetchInterval ?? false,
    placeholderData: options.keepRows === false ? undefined : keepPreviousData,
  });
}
