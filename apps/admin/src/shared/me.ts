import { useQuery } from '@tanstack/react-query';
import type { Permission } from '@bp/contract';
import { call, session } from './api.ts';

/** The signed-in operator (roles, permissions, sites), read once per sign-in. */
export function useMe() {
  return useQuery({ queryKey: ['me', session.token()], queryFn: () => call('/api/admin/auth/me', {}), enabled: session.token() !== null, staleTime: 60_000 });
}

/** Whether the operator may use something: the server checks again on every call. */
export function useCan(): (permission: Permission) => boolean {
  const me = useMe().data;
  return (permission) => me?.permissions.includes(permission) ?? false;
}

/** The sites the operator may act on (names for labels and pickers). */
export function useSites() {
  const sites = useQuery({ queryKey: ['sites', session.token()], queryFn: () => call('/api/admin/site/list', {}), staleTime: 300_000 }).data?.list ?? [];
  const nameOf = (siteId: number) => {
    const site = sites.find((s) => s.siteId === siteId);
    return site ? `${site.name}（${site.currency}）` : `站点${siteId}`;
  };
  return { sites, nameOf };
}
