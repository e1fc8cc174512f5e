import { useQuery } from '@tanstack/react-query';
import { call } from '../../shared/api/request.ts';

/** What the /cs page shows; an exempt call, reachable under maintenance and restriction. */
export const csApi = {
  config: () => call('/api/site/cs/config', {}),
};

export const useCsConfig = () => useQuery({ queryKey: ['site', 'cs'], queryFn: csApi.config });
