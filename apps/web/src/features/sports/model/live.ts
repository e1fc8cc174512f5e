import type { Frame, Market, MatchStatusEvent, MatchScoreEvent, OddsChangedEvent } from '@bp/contract';

/** A match as the screens hold it: its main lines and, on the detail screen, every market. */
interface LiveMatch {
  matchId: number;
  status: MatchStatusEvent['status'];
  isStart: boolean;
  period: string;
  clock: number;
  clockAt: number;
  homeScore: number;
  visitScore: number;
  mainMarkets: Market[];
  markets?: Market[];
}

/** A market after a price frame: moved selections take their new price and state, the others follow the market. */
function moveMarket(market: Market, change: OddsChangedEvent['markets'][number]): Market {
  const moved = new Map(change.selections.map((s) => [s.selectionId, s]));
  return {
    ...market,
    status: change.status,
    selections: market.selections.map((s) => {
      const m = moved.get(s.selectionId);
      if (m) return { ...s, odds: m.odds, status: m.status };
      return { ...s, status: s.status === 'closed' ? 'closed' : change.status };
    }),
  };
}

/**
 * Applies an `odds.changed` frame. `unknown` says the frame names a market or selection the match
 * does not hold yet (a new line): the detail screen reads the match again.
 */
export function applyOdds<T extends LiveMatch>(match: T, event: OddsChangedEvent): { match: T; unknown: boolean } {
  const changes = new Map(event.markets.map((m) => [m.marketId, m]));
  const held = new Map([...(match.markets ?? match.mainMarkets)].map((m) => [m.marketId, m]));
  const unknown = event.markets.some((c) => {
    const m = held.get(c.marketId);
    return !m || c.selections.some((s) => !m.selections.some((x) => x.selectionId === s.selectionId));
  });
  const move = (list: Market[]) => list.map((m) => (changes.has(m.marketId) ? moveMarket(m, changes.get(m.marketId)!) : m));
  return { match: { ...match, mainMarkets: move(match.mainMarkets), ...(match.markets ? { markets: move(match.markets) } : {}) }, unknown };
}

function applyState<T extends LiveMatch>(match: T, e: MatchScoreEvent | MatchStatusEvent): T {
  const status = 'status' in e ? e.status : match.status;
  return {
    ...match,
    status,
    isStart: status !== 'scheduled',
    period: e.period,
    clock: e.clock,
    clockAt: e.at,
    homeScore: e.homeScore,
    visitScore: e.visitScore,
  };
}

/** A frame of `match:<id>` applied to the match; `stale` when the match should be read again. */
export function applyMatchFrame<T extends LiveMatch>(match: T, frame: Frame): { match: T; stale: boolean } {
  switch (frame.type) {
    case 'odds.changed': {
      const { match: next, unknown } = applyOdds(match, frame.data);
      return { match: next, stale: unknown };
    }
    case 'match.score':
    case 'match.status':
      return { match: applyState(match, frame.data), stale: false };
    default:
      return { match, stale: false };
  }
}

/** Whether a frame belongs to this match (frames of other matches are ignored). */
export const isFrameOf = (frame: Frame, matchId: number): boolean => frame.ch === `match:${matchId}`;
