import { useQuery } from '@tanstack/react-query';
import { Errors, type PerInfo } from '@bp/contract';
import { ApiError, call } from '../api/request.ts';
import { PER_INFO_PATH } from '../api/policy.ts';
import { TIME_SYNC } from '../time/server-time.ts';

const isPerInfo = (data: unknown): data is PerInfo => typeof data === 'object' && data !== null && 'siteId' in data && 'maintenance' in data;

/** Site-wide calls every part uses: the site's info, its country list, the system time (seed 7). */
export const siteInfoApi = {
  /**
   * The site's info. Under system maintenance the answer still carries it (the common path has
   * already sent the visitor to /maintenance), so the theme and the maintenance page can use it.
   */
  perInfo: async (): Promise<PerInfo> => {
    try {
      return await call(PER_INFO_PATH, {});
    } catch (err) {
      if (err instanceof ApiError && err.code === Errors.SYSTEM_MAINTENANCE.code && isPerInfo(err.data)) return err.data;
      throw err;
    }
  },
  countries: () => call('/api/site/country/list', {}, { cacheMs: 3_600_000 }),
  /** System time, 5 s time-out, never a toast (seed 7, 8). */
  time: async () => (await call('/api/site/time', {}, { method: 'GET', timeoutMs: TIME_SYNC.timeoutMs, silent: true })).now,
};

export const PER_INFO_KEY = ['site', 'perInfo'] as const;
export const usePerInfo = () => useQuery({ queryKey: PER_INFO_KEY, queryFn: siteInfoApi.perInfo, staleTime: 5 * 60_000, retry: false });
export const useCountries = () => useQuery({ queryKey: ['site', 'countries'], queryFn: siteInfoApi.countries, staleTime: Infinity });
