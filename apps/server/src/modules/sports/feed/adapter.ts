import type { MarketKind, MatchClass, MatchStatus, Sport, SportsVenueCode } from '@bp/contract';
import type { MatchResult } from '../markets/grade.ts';

/**
 * The odds feed as the book sees it. The built-in simulator is one adapter; a real provider plugs
 * in behind the same interface: it is asked what changed and answers with events, which the book
 * applies (feed/apply.ts) and pushes to members on `match:<id>`.
 */
export interface FeedAdapter {
  readonly name: string;
  /** What changed since the last call. `view` is the book's open matches as they stand now. */
  pull(view: FeedView): Promise<FeedEvent[]>;
}

export interface FeedView {
  /** Epoch ms now. */
  now: number;
  /** FEED_SPEED: how many feed seconds pass per real second. */
  speed: number;
  /** The matches not yet finished or cancelled. */
  matches: OpenMatch[];
}

export interface OpenMatch {
  ref: string;
  sport: Sport;
  leagueId: number;
  homeRef: string;
  visitRef: string;
  status: MatchStatus;
  startAt: number;
  homeScore: number;
  visitScore: number;
  /** What the adapter asked the book to keep for this match (its `memory`). */
  memory: unknown;
}

export interface FeedLeague {
  leagueId: number;
  sport: Sport;
  name: string;
  region: string;
  logo: string;
  matchClass: MatchClass;
  venueCode: SportsVenueCode;
  hot: number;
  sort: number;
}

export interface FeedTeam {
  ref: string;
  name: string;
  logo: string;
}

export interface FeedMedia {
  anchorStatus: number | null;
  animationUrl: string | null;
  anchorFlvUrl: string | null;
}

export interface FeedMarket {
  kind: MarketKind;
  line: number | null;
  mapNo: number | null;
  status: 'open' | 'suspended' | 'closed';
  /** Odds per selection code; null closes that selection (priced out or impossible). */
  selections: Array<{ code: string; odds: number | null }>;
}

export type FeedEvent =
  | { type: 'fixture'; ref: string; league: FeedLeague; home: FeedTeam; visit: FeedTeam; startAt: number; media: FeedMedia | null; memory: unknown }
  | { type: 'prices'; ref: string; markets: FeedMarket[] }
  | {
      type: 'state';
      ref: string;
      status: 'scheduled' | 'live';
      period: string;
      clockSec: number;
      homeScore: number;
      visitScore: number;
      /** Who scored since the last state, if anyone. */
      scorer: 'home' | 'visit' | null;
      memory: unknown;
    }
  | { type: 'result'; ref: string; result: MatchResult; period: string }
  | { type: 'cancel'; ref: string };
