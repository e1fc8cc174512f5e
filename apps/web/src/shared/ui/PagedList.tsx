import { ErrorBlock, InfiniteScroll } from 'antd-mobile';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PullRefresh } from './PullRefresh.tsx';

type Paged<T> = UseInfiniteQueryResult<InfiniteData<{ list: T[]; total: number }>>;

/** A list read page by page as the member scrolls (infinite scroll, with usePaged), with its empty state; pulled down, read again. */
export function PagedList<T>({
  query,
  render,
  empty,
  itemKey,
}: {
  query: Paged<T>;
  render(item: T): ReactNode;
  empty: string;
  itemKey(item: T): string | number;
}) {
  const { t } = useTranslation();
  const seen = new Set<string | number>();
  // A movement arriving while pages load shifts the pages: an item already shown is not shown twice.
  const items = (query.data?.pages ?? []).flatMap((p) => p.list).filter((item) => !seen.has(itemKey(item)) && seen.add(itemKey(item)));
  return (
    <PullRefresh refresh={() => query.refetch()}>
      {query.isSuccess && items.length === 0 ? (
        <ErrorBlock status="empty" title={empty} description="" className="bp-empty" />
      ) : (
        <div className="bp-paged">
          {items.map((item) => (
            <div key={itemKey(item)}>{render(item)}</div>
          ))}
          <InfiniteScroll loadMore={async () => void (await query.fetchNextPage({ cancelRefetch: false }))} hasMore={!!query.hasNextPage}>
            {query.isFetching || query.hasNextPage ? t('common.loading') : <span className="bp-muted">{t('common.noMore')}</span>}
          </InfiniteScroll>
        </div>
      )}
    </PullRefresh>
  );
}
