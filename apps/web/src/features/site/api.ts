import { useQuery } from '@tanstack/react-query';
import type { CsConfig } from '@bp/contract';
import type { z } from 'zod';
import { call } from '../../shared/api/request.ts';

/** What the /cs page shows; an exempt call, reachable under maintenance and restriction. */
export const csApi = {
  config: () => call<z.infer<typeof CsConfig>>('/api/site/cs/config', {}),
};

export const useCsConfig = () => useQuery({ queryKey: ['site', 'cs'], queryFn: csApi.config });
