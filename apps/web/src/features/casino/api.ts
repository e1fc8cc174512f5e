import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { EgameBrandsData, EgameListData, VenueLaunchData } from '@bp/contract';
import { call, newIdempotencyKey } from '../../shared/api/request.ts';

export type EgameTab = 'all' | 'hot' | 'new';
type Brands = z.infer<typeof EgameBrandsData>;
type GameList = z.infer<typeof EgameListData>;
type Launched = z.infer<typeof VenueLaunchData>;

/** The electronic games' calls (seed 7 "Games"). */
export const casinoApi = {
  brands: () => call<Brands>('/api/game/egame/brands', {}, { cacheMs: 60_000 }),
  list: (code: string, tab: EgameTab, keyword: string) =>
    call<GameList>('/api/game/egame/list', { code, page: 1, size: 100, ...(keyword ? { keyword } : {}), ...(tab === 'all' ? {} : { [tab]: true }) }),
  collect: (gameId: string, on: boolean) => call(`/api/game/collection/${on ? 'add' : 'remove'}`, { gameId }),
  /** A member's launch: one key per tap, so auto-transfer moves the balance once. */
  launch: (venueEnName: string, gameId: string, rollbackAddress: string) =>
    call<Launched>('/api/game/venue/launch', { venueEnName, gameId, rollbackAddress, isUseCache: false }, { headers: { 'Idempotency-Key': newIdempotencyKey() } }),
  demo: (venueEnName: string, gameId: string, rollbackAddress: string) => call<Launched>('/api/game/venue/demoLaunch', { venueEnName, gameId, rollbackAddress }),
};

export const useBrands = () => useQuery({ queryKey: ['egame', 'brands'], queryFn: casinoApi.brands });
export const useGames = (code: string, tab: EgameTab, keyword: string, member: boolean) =>
  useQuery({ queryKey: ['egame', 'list', code, tab, keyword, member], queryFn: () => casinoApi.list(code, tab, keyword) });
