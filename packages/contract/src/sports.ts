import { z } from 'zod';
import { SerialId } from './ids.ts';
import { Amount } from './rules/schemas.ts';

/**
 * The sportsbook's shapes (API.md "Sports"; seed sections 3, 4 and 9). Amounts are in the site's
 * currency with at most 2 decimals; odds are decimal prices with 2 decimals (1.85 returns 1.85 per
 * 1 staked, stake included).
 */

export const SPORTS = ['football', 'basketball', 'esports'] as const;
export type Sport = (typeof SPORTS)[number];

/** The anchor match's ballClassId of each sport. */
export const BALL_CLASS_IDS: Record<Sport, number> = { football: 1, basketball: 2, esports: 3 };

export const MATCH_STATUSES = ['scheduled', 'live', 'finished', 'cancelled'] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** What kind of competition a match belongs to (the anchor match's matchClass). */
export const MATCH_CLASSES = ['league', 'cup', 'international', 'esports'] as const;
export type MatchClass = (typeof MATCH_CLASSES)[number];

/**
 * Markets. Football: 1x2, Asian handicap (quarter lines split the stake), over/under, both teams
 * to score, correct score. Basketball: moneyline, spread, total. Esports: match and map winner.
 */
export const MARKET_KINDS = ['1x2', 'ah', 'ou', 'btts', 'cs', 'ml', 'spread', 'total', 'match_winner', 'map_winner'] as const;
export type MarketKind = (typeof MARKET_KINDS)[number];
export const MARKET_STATUSES = ['open', 'suspended', 'closed'] as const;
export type MarketStatus = (typeof MARKET_STATUSES)[number];

/** The sports venues (seed 3: codes OBTY and IMTY are shown as YB and IM). Open only at status 0 (seed 4). */
export const SPORTS_VENUE_CODES = ['OBTY', 'IMTY'] as const;
export type SportsVenueCode = (typeof SPORTS_VENUE_CODES)[number];
export const VENUE_OPEN = 0;

export const BET_TYPES = ['single', 'parlay'] as const;
export type BetType = (typeof BET_TYPES)[number];
/**
 * `pending_delay`: an in-play bet waiting out the delay (stake already held); it becomes
 * `pending` or `rejected` (stake returned). Settled states: won, lost, void, half_won, half_lost;
 * `cashed_out` ends a bet early.
 */
export const BET_STATUSES = ['pending_delay', 'pending', 'won', 'lost', 'void', 'half_won', 'half_lost', 'cashed_out', 'rejected'] as const;
export type BetStatus = (typeof BET_STATUSES)[number];
export const LEG_OUTCOMES = ['won', 'lost', 'void', 'half_won', 'half_lost'] as const;
export type LegOutcome = (typeof LEG_OUTCOMES)[number];
/** Filters of the records call besides the statuses themselves. */
export const BET_STATUS_GROUPS = ['unsettled', 'settled'] as const;

export const PARLAY_LEGS = { min: 2, max: 10 } as const;
/** Live and popular lists answer up to 200 matches (seed 9). */
export const SPORTS_LIST_SIZE = 200;

/** Stake limits per currency, in currency units. A member's factor scales the maximums. */
export const SPORTS_LIMITS: Record<'CNY' | 'USDT', { minStake: number; maxStakeMain: number; maxStakeMinor: number; maxPayout: number }> = {
  CNY: { minStake: 10, maxStakeMain: 50_000, maxStakeMinor: 10_000, maxPayout: 1_000_000 },
  USDT: { minStake: 1, maxStakeMain: 5_000, maxStakeMinor: 1_000, maxPayout: 100_000 },
};

const Page = z.number().int().min(1).max(10_000).default(1);

export const SportsListBody = z.object({
  page: Page,
  size: z.number().int().min(1).max(SPORTS_LIST_SIZE).default(20),
  sport: z.enum(SPORTS).optional(),
  live: z.boolean().optional(),
  leagueId: SerialId.optional(),
});
export type SportsListBody = z.infer<typeof SportsListBody>;

/** Live and popular lists: the seed's page size 200 by default. */
export const SportsBoardBody = SportsListBody.extend({ size: z.number().int().min(1).max(SPORTS_LIST_SIZE).default(SPORTS_LIST_SIZE) });

export const Selection = z.object({
  selectionId: z.number().int(),
  code: z.string(),
  name: z.string(),
  odds: z.number(),
  status: z.enum(MARKET_STATUSES),
});
export type Selection = z.infer<typeof Selection>;

export const Market = z.object({
  marketId: z.number().int(),
  kind: z.enum(MARKET_KINDS),
  name: z.string(),
  /** Handicap (home side) or total line; null for markets without one. */
  line: z.number().nullable(),
  /** The map of a map-winner market. */
  mapNo: z.number().int().nullable(),
  status: z.enum(MARKET_STATUSES),
  minStake: z.number(),
  maxStake: z.number(),
  selections: z.array(Selection),
});
export type Market = z.infer<typeof Market>;

export const SportsVenue = z.object({
  venueCode: z.enum(SPORTS_VENUE_CODES),
  /** The code as shown (YB, IM). */
  venueName: z.string(),
  /** 0: open; anything else: closed, the client goes to /app/home (seed 4). */
  status: z.number().int(),
});
export type SportsVenue = z.infer<typeof SportsVenue>;

export const MatchSummary = z.object({
  matchId: z.number().int(),
  sport: z.enum(SPORTS),
  ballClassId: z.number().int(),
  leagueId: z.number().int(),
  tid: z.number().int(),
  leagueName: z.string(),
  leagueLogo: z.string(),
  matchName: z.string(),
  matchClass: z.enum(MATCH_CLASSES),
  /** World Cup matches: the league is the World Cup's id at a venue (seed 9). */
  isWorldCup: z.boolean(),
  homeName: z.string(),
  homeLogo: z.string(),
  visitName: z.string(),
  visitLogo: z.string(),
  homeScore: z.number().int(),
  visitScore: z.number().int(),
  startAt: z.number(),
  status: z.enum(MATCH_STATUSES),
  isStart: z.boolean(),
  /** '1H', 'HT', '2H', 'Q1'..'Q4', 'OT', 'MAP1'.., 'FT'; '' before the start. */
  period: z.string(),
  /** Match clock in seconds at `clockAt` (epoch ms); it runs while the match is live. */
  clock: z.number().int(),
  clockAt: z.number(),
  venueCode: z.enum(SPORTS_VENUE_CODES),
  venueName: z.string(),
  venueStatus: z.number().int(),
  /** Match entry media (seed 3); null where the match has none. */
  anchor_status: z.number().int().nullable(),
  animation_url: z.string().nullable(),
  anchor_flv_url: z.string().nullable(),
  marketCount: z.number().int(),
  /** The main lines (1x2 or winner, handicap, total) for list screens. */
  mainMarkets: z.array(Market),
});
export type MatchSummary = z.infer<typeof MatchSummary>;

export const SportsListData = z.object({ list: z.array(MatchSummary), total: z.number().int(), venues: z.array(SportsVenue) });
export type SportsListData = z.infer<typeof SportsListData>;

export const MatchDetailBody = z.object({ matchId: z.number().int().positive() });
export const MatchDetail = MatchSummary.extend({ markets: z.array(Market) });
export type MatchDetail = z.infer<typeof MatchDetail>;

export const LeagueListBody = z.object({ sport: z.enum(SPORTS).optional() });
export const League = z.object({
  leagueId: z.number().int(),
  tid: z.number().int(),
  sport: z.enum(SPORTS),
  ballClassId: z.number().int(),
  name: z.string(),
  region: z.string(),
  logo: z.string(),
  matchClass: z.enum(MATCH_CLASSES),
  venueCode: z.enum(SPORTS_VENUE_CODES),
  venueName: z.string(),
  matchCount: z.number().int(),
  liveCount: z.number().int(),
});
export const LeagueListData = z.object({ list: z.array(League) });

export const OddsBody = z.object({ selectionIds: z.array(z.number().int().positive()).min(1).max(50) });
export const OddsData = z.object({
  list: z.array(
    z.object({ selectionId: z.number().int(), marketId: z.number().int(), matchId: z.number().int(), odds: z.number(), status: z.enum(MARKET_STATUSES) }),
  ),
});

/** Odds as sent by a client: a price with at most 2 decimals, at least 1.01. */
const Odds = z
  .number()
  .min(1.01)
  .max(10_000)
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v)), '赔率最多两位小数');

export const BetPlaceBody = z.object({
  type: z.enum(BET_TYPES),
  stake: Amount,
  selections: z
    .array(z.object({ selectionId: z.number().int().positive(), odds: Odds }))
    .min(1)
    .max(PARLAY_LEGS.max),
  /** Take a worse price than the one shown instead of refusing (a better one is always taken). */
  acceptOddsChange: z.boolean().optional(),
});
export type BetPlaceBody = z.infer<typeof BetPlaceBody>;

export const BetPlaceData = z.object({
  orderId: z.string(),
  status: z.enum(BET_STATUSES),
  stake: z.number(),
  odds: z.number(),
  potentialReturn: z.number(),
  /** In-play bets: when the delay ends and the price is checked again (epoch ms); else null. */
  confirmAt: z.number().nullable(),
  selections: z.array(z.object({ selectionId: z.number().int(), odds: z.number() })),
});
export type BetPlaceData = z.infer<typeof BetPlaceData>;

export const BetRecordsBody = z.object({
  page: Page,
  size: z.number().int().min(1).max(100).default(20),
  status: z.enum([...BET_STATUSES, ...BET_STATUS_GROUPS]).optional(),
});

export const BetLeg = z.object({
  selectionId: z.number().int(),
  marketId: z.number().int(),
  matchId: z.number().int(),
  sport: z.enum(SPORTS),
  leagueName: z.string(),
  homeName: z.string(),
  visitName: z.string(),
  homeLogo: z.string(),
  visitLogo: z.string(),
  startAt: z.number(),
  marketName: z.string(),
  selectionName: z.string(),
  odds: z.number(),
  outcome: z.enum(LEG_OUTCOMES).nullable(),
  /** 'home-visit' once the match has a result, else the live score or null. */
  score: z.string().nullable(),
});

export const BetRecord = z.object({
  orderId: z.string(),
  type: z.enum(BET_TYPES),
  stake: z.number(),
  odds: z.number(),
  potentialReturn: z.number(),
  status: z.enum(BET_STATUSES),
  payout: z.number(),
  /** What cashing out pays now; null when the bet cannot be cashed out at the moment. */
  cashOut: z.number().nullable(),
  currency: z.string(),
  venueName: z.string(),
  createdAt: z.number(),
  settledAt: z.number().nullable(),
  rejectReason: z.string().nullable(),
  legs: z.array(BetLeg),
});
export type BetRecord = z.infer<typeof BetRecord>;
export const BetRecordsData = z.object({ list: z.array(BetRecord), total: z.number().int() });

export const CashOutBody = z.object({
  orderId: z.string().min(1).max(40),
  /** The amount the member saw; if the offer dropped below it the call is refused with the new offer. */
  cashOutAmount: Amount.optional(),
});
export const CashOutData = z.object({ orderId: z.string(), status: z.literal('cashed_out'), payout: z.number() });

/** Realtime frames of the book: `match:<id>` carries odds, score and status; `user:<id>` bets. */
export interface OddsChangedEvent {
  matchId: number;
  /** Server time of the change (epoch ms). */
  at: number;
  /** The markets that changed: their state, and those of their selections whose price or state moved (none: the state alone). */
  markets: Array<{ marketId: number; status: MarketStatus; selections: Array<{ selectionId: number; odds: number; status: MarketStatus }> }>;
}
export interface MatchScoreEvent {
  matchId: number;
  at: number;
  homeScore: number;
  visitScore: number;
  period: string;
  clock: number;
  /** Who scored this time, when the feed says. */
  scorer: 'home' | 'visit' | null;
}
export interface MatchStatusEvent {
  matchId: number;
  at: number;
  status: MatchStatus;
  period: string;
  clock: number;
  homeScore: number;
  visitScore: number;
}
export interface BetSettledEvent {
  orderId: string;
  status: BetStatus;
  payout: number;
}
export interface BetConfirmedEvent {
  orderId: string;
  status: 'pending' | 'rejected';
  odds: number;
  reason: string | null;
}
