import { useQuery } from '@tanstack/react-query';
import type { ApiData } from '@bp/contract';
import { call, newIdempotencyKey } from '../../shared/api/request.ts';
import { usePaged } from '../../shared/api/use-paged.ts';

export const EGAME_TABS = ['all', 'hot', 'new', 'collected'] as const;
export type EgameTab = (typeof EGAME_TABS)[number];
type GameList = ApiData<'/api/game/egame/list'>;

/** The electronic games' calls (seed 7 "Games"). */
export const casinoApi = {
  brands: () => call('/api/game/egame/brands', {}, { cacheMs: 60_000 }),
  list: (code: string, tab: EgameTab, keyword: string) =>
    call('/api/game/egame/list', { code, page: 1, size: 100, ...(keyword ? { keyword } : {}), ...(tab === 'all' ? {} : { [tab]: true }) }),
  collect: (gameId: string, on: boolean) => call(`/api/game/collection/${on ? 'add' : 'remove'}` as const, { gameId }),
  /** The member's collection, every venue's games, newest first. */
  collection: () => call('/api/game/collection/list', { page: 1, size: 100 }),
  /** A member's launch: one key per tap, so auto-transfer moves the balance once. */
  launch: (venueEnName: string, gameId: string, rollbackAddress: string) =>
    call('/api/game/venue/launch', { venueEnName, gameId, rollbackAddress, isUseCache: false }, { idempotencyKey: newIdempotencyKey() }),
  demo: (venueEnName: string, gameId: string, rollbackAddress: string) => call('/api/game/venue/demoLaunch', { venueEnName, gameId, rollbackAddress }),
  /** The lobby's categories and venues, with each venue's maintenance state. */
  lobby: () => call('/api/game/lobby', {}),
  /** Entering a venue from the lobby: auto-transfer brings the member's money in (a cached launch of the last minute is reused). */
  enter: (venueEnName: string) =>
    call('/api/game/venue/launch', { venueEnName, rollbackAddress: '/app/casino', isUseCache: true }, { idempotencyKey: newIdempotencyKey() }),
  records: (filter: RecordFilter, page: number) => call('/api/game/records', { page, size: 20, ...filter }),
};

export interface RecordFilter {
  api_name?: string;
  from?: number;
  to?: number;
}

export const useLobby = () => useQuery({ queryKey: ['casino', 'lobby'], queryFn: casinoApi.lobby, staleTime: 30_000 });
export const useRecords = (filter: RecordFilter) => usePaged(['member', 'game-records', filter], (page) => casinoApi.records(filter, page));

export const useBrands = () => useQuery({ queryKey: ['egame', 'brands'], queryFn: casinoApi.brands });
/** A venue's games on a tab; on 收藏, the member's collected games of this venue (`apiName`). */
export const useGames = (code: string, apiName: string | undefined, tab: EgameTab, keyword: string, member: boolean) =>
  useQuery({
    queryKey: ['egame', 'list', code, tab, keyword, member],
    queryFn: () => (tab === 'collected' ? collectedHere(apiName!, keyword) : casinoApi.list(code, tab, keyword)),
    enabled: tab !== 'collected' || (member && apiName !== undefined),
  });

async function collectedHere(apiName: string, keyword: string): Promise<GameList> {
  const list = (await casinoApi.collection()).list.filter((g) => g.api_name === apiName && g.gameName.includes(keyword));
  return { list, total: list.length };
}
