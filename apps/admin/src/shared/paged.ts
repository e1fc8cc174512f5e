import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

/**
 * A paged list screen's state: its filters (a change goes back to page 1), the page, the query,
 * and what its antd Table takes (rows, loading, pagination).
 */
export function usePagedList<F extends object, T>(
  key: string,
  initial: F,
  fetch: (query: F & { page: number; size: number }) => Promise<{ list: T[]; total: number }>,
) {
  const [filters, setFiltersOnly] = useState<F>(initial);
  const [page, setPage] = useState({ page: 1, size: 20 });
  const query = useQuery({ queryKey: [key, filters, page], queryFn: () => fetch({ ...filters, ...page }), placeholderData: keepPreviousData });
  const setFilters = (next: F) => {
    setFiltersOnly(next);
    setPage((p) => ({ ...p, page: 1 }));
  };
  const tableProps = {
    loading: query.isFetching,
    dataSource: query.data?.list,
    pagination: {
      current: page.page,
      pageSize: page.size,
      total: query.data?.total,
      showTotal: (total: number) => `共 ${total} 条`,
      onChange: (p: number, size: number) => setPage({ page: p, size }),
    },
  };
  return { filters, setFilters, tableProps };
}
