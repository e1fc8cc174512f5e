import { useQuery } from '@tanstack/react-query';
import type { ApiBody, OriginalGame } from '@bp/contract';
import { call, keyed } from '../../shared/api/request.ts';
import { useLoggedIn } from '../../shared/session/use-session.ts';

/** The originals' calls (API.md "Casino, game records, provably fair house games"). */
export const originalsApi = {
  games: () => call('/api/originals/games', {}, { cacheMs: 60_000 }),
  seed: () => call('/api/originals/seed', {}),
  rotate: (clientSeed?: string) => call('/api/originals/seed/rotate', clientSeed ? { clientSeed } : {}, { silent: true }),
  seeds: () => call('/api/originals/seeds', { page: 1, size: 50 }),
  rounds: (game?: OriginalGame) => call('/api/originals/rounds', { page: 1, size: 20, ...(game ? { game } : {}) }),
  dice: (body: ApiBody<'/api/originals/dice/play'>, key: string) => call('/api/originals/dice/play', body, keyed(key)),
  limbo: (body: ApiBody<'/api/originals/limbo/play'>, key: string) => call('/api/originals/limbo/play', body, keyed(key)),
  plinko: (body: ApiBody<'/api/originals/plinko/play'>, key: string) => call('/api/originals/plinko/play', body, keyed(key)),
  keno: (body: ApiBody<'/api/originals/keno/play'>, key: string) => call('/api/originals/keno/play', body, keyed(key)),
  minesStart: (body: ApiBody<'/api/originals/mines/start'>, key: string) => call('/api/originals/mines/start', body, keyed(key)),
  minesReveal: (body: ApiBody<'/api/originals/mines/reveal'>, key: string) => call('/api/originals/mines/reveal', body, keyed(key)),
  minesCashout: (body: ApiBody<'/api/originals/mines/cashout'>, key: string) => call('/api/originals/mines/cashout', body, keyed(key)),
  minesCurrent: () => call('/api/originals/mines/current', {}),
};

/** Under 'member' (a logout forgets them). */
export const originalsKeys = {
  seed: ['member', 'originals', 'seed'] as const,
  rounds: ['member', 'originals', 'rounds'] as const,
  seeds: ['member', 'originals', 'seeds'] as const,
  mines: ['member', 'originals', 'mines'] as const,
};

export const useGames = () => useQuery({ queryKey: ['originals', 'games'], queryFn: originalsApi.games, staleTime: 5 * 60_000 });
export const useSeed = () => useQuery({ queryKey: originalsKeys.seed, queryFn: originalsApi.seed, enabled: useLoggedIn() });
export const useRounds = (game?: OriginalGame) =>
  useQuery({ queryKey: [...originalsKeys.rounds, game ?? 'all'], queryFn: () => originalsApi.rounds(game), enabled: useLoggedIn() });
export const useRevealedSeeds = () => useQuery({ queryKey: originalsKeys.seeds, queryFn: originalsApi.seeds, enabled: useLoggedIn() });
export const useOpenMines = () => useQuery({ queryKey: originalsKeys.mines, queryFn: originalsApi.minesCurrent, enabled: useLoggedIn() });
