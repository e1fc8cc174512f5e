import type { ApiData } from '@bp/contract';
import { isBuiltPath } from '../../shared/routing/built-paths.ts';
import { egamePath } from '../../shared/venue/egame-code.ts';

type Lobby = ApiData<'/api/game/lobby'>;
export type LobbyCategory = Lobby['categories'][number];
export type LobbyVenue = LobbyCategory['venues'][number];

/** The screen each venue opens: the house originals, the live tables, 棋牌, 捕鱼; an egame venue its game list. */
const SCREENS: Record<string, string> = { ORIG: '/app/originals', AG: '/app/tables', KY: '/app/chess', FISH: '/app/fish' };

export function venueScreen(venue: Pick<LobbyVenue, 'api_name'>, kind: LobbyCategory['kind']): string | null {
  const path = SCREENS[venue.api_name] ?? (kind === 'egame' ? egamePath(venue.api_name) : null);
  return path && isBuiltPath(path) ? path : null;
}

/** What the lobby shows: venues whose screen is built, and the categories left with any. */
export type ShownVenue = LobbyVenue & { path: string };
export function shownCategories(lobby: Lobby | undefined): Array<Omit<LobbyCategory, 'venues'> & { venues: ShownVenue[] }> {
  return (lobby?.categories ?? [])
    .map((c) => ({ ...c, venues: c.venues.flatMap((v) => (venueScreen(v, c.kind) ? [{ ...v, path: venueScreen(v, c.kind)! }] : [])) }))
    .filter((c) => c.venues.length > 0);
}

/** Venues the member plays from a venue balance: entering one launches it (auto-transfer); the originals play from main, an egame venue launches per game. */
export const entersByLaunch = (venue: Pick<LobbyVenue, 'api_name'>, kind: LobbyCategory['kind']) =>
  kind !== 'originals' && kind !== 'egame' && venue.api_name in SCREENS;
