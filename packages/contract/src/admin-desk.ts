import { z } from 'zod';
import { MARKET_STATUSES, MATCH_STATUSES, SPORTS, MARKET_KINDS } from './sports.ts';
import { TABLE_GAMES } from './tables.ts';
import { Amount } from './rules/schemas.ts';

/**
 * The back office's sportsbook and venue desks (issue 17): fixtures with their markets and the
 * house's liability, holds (suspend, reopen), hand-entered results, voids and resettlements; venues'
 * maintenance and limits. Amounts in the currency named beside them.
 */

const Id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const EpochMs = z.number().int().nonnegative();
const Page = { page: z.number().int().min(1).max(100_000).default(1), size: z.number().int().min(1).max(200).default(20) };
const Reason = z.string().trim().min(1, '请填写原因').max(200);

export const MATCH_STATUS_LABELS: Record<(typeof MATCH_STATUSES)[number], string> = {
  scheduled: '未开赛',
  live: '进行中',
  finished: '已完赛',
  cancelled: '已取消',
};
export const MARKET_STATUS_LABELS: Record<(typeof MARKET_STATUSES)[number], string> = { open: '开放', suspended: '暂停', closed: '关闭' };

// Sportsbook ---------------------------------------------------------------------------------------
export const BookFixtureListBody = z.object({
  ...Page,
  sport: z.enum(SPORTS).optional(),
  status: z.enum(MATCH_STATUSES).optional(),
  /** A Shanghai day, YYYY-MM-DD: matches starting on it. */
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式须为 YYYY-MM-DD')
    .optional(),
  /** Part of a team's or league's name. */
  keyword: z.string().trim().max(32).optional(),
});

const MatchResult = z.object({
  homeScore: z.number().int().min(0).max(999),
  visitScore: z.number().int().min(0).max(999),
  maps: z
    .array(z.enum(['home', 'visit']))
    .max(9)
    .optional(),
  cancelled: z.boolean().optional(),
});

export const BookFixture = z.object({
  matchId: z.number().int(),
  sport: z.enum(SPORTS),
  leagueName: z.string(),
  homeName: z.string(),
  visitName: z.string(),
  startAt: EpochMs,
  status: z.enum(MATCH_STATUSES),
  homeScore: z.number().int(),
  visitScore: z.number().int(),
  /** An operator suspended the whole match. */
  held: z.boolean(),
  result: MatchResult.nullable(),
  resultByOperator: z.boolean(),
  /** Every bet has been settled on the latest result. */
  settled: z.boolean(),
  /** Bets still waiting for a result. */
  openBets: z.number().int(),
});
export const BookFixtureListData = z.object({ list: z.array(BookFixture), total: z.number().int() });

export const BookMarketsBody = z.object({ matchId: Id, siteId: Id });
/** What the house stands to lose on a selection, from the open singles on it (parlays counted apart). */
export const BookSelection = z.object({
  selectionId: z.number().int(),
  name: z.string(),
  odds: z.number(),
  status: z.enum(MARKET_STATUSES),
  bets: z.number().int(),
  stakes: z.number(),
  potentialPayout: z.number(),
  /** Potential payouts less the stakes: what the house pays net if it wins. */
  liability: z.number(),
  parlayBets: z.number().int(),
  parlayPotential: z.number(),
});
export const BookMarket = z.object({
  marketId: z.number().int(),
  kind: z.enum(MARKET_KINDS),
  name: z.string(),
  status: z.enum(MARKET_STATUSES),
  held: z.boolean(),
  voidReason: z.string().nullable(),
  stakes: z.number(),
  /** The house's loss on the market's worst outcome: the largest potential payout less every stake on it (negative: a profit). */
  worstCase: z.number(),
  selections: z.array(BookSelection),
});
export const BookMarketsData = z.object({ fixture: BookFixture, currency: z.string(), markets: z.array(BookMarket) });

export const BookMatchHoldBody = z.object({ matchId: Id, held: z.boolean() });
export const BookMarketHoldBody = z.object({ marketId: Id, held: z.boolean() });
export const BookHoldData = z.object({ held: z.boolean(), markets: z.number().int() });

/** What a settlement moved, and what it could not take back (recorded on the bets as owed). */
export const BookSettleData = z.object({
  settled: z.number().int(),
  failed: z.number().int(),
  recoveryDue: z.array(z.object({ orderId: z.string(), memberId: z.number().int(), amount: z.number() })),
});
/** Enters (or corrects, with a reason) a match's result, and settles it. */
export const BookResultBody = MatchResult.extend({
  matchId: Id,
  reason: z.string().trim().max(200).optional(),
  /** Go on even when some members cannot give back a payout (the rest is recorded as owed). */
  acceptDebt: z.boolean().optional(),
});
export const BookMarketVoidBody = z.object({ marketId: Id, reason: Reason, acceptDebt: z.boolean().optional() });
/** The refusal's data when a resettlement would take back more than members hold. */
export const ResettleShortData = z.object({ members: z.array(z.object({ memberId: z.number().int(), currency: z.string(), short: z.number() })) });

// Venues -------------------------------------------------------------------------------------------
export const DeskVenue = z.object({
  api_name: z.string(),
  name: z.string(),
  category: z.string(),
  /** 0 open; anything else under maintenance. */
  status: z.number().int(),
  maintenanceMessage: z.string(),
  /** The most one transfer moves in, per currency; a currency left out has no limit of its own. */
  maxTransferIn: z.record(z.string(), z.number()),
});
export const DeskVenueListData = z.object({ list: z.array(DeskVenue) });
const ApiName = z.string().trim().min(1).max(32);
export const VenueMaintenanceBody = z.object({
  api_name: ApiName,
  maintenance: z.boolean(),
  message: z.string().trim().max(200).optional(),
});
export const VenueLimitsBody = z.object({
  api_name: ApiName,
  maxTransferIn: z.object({ CNY: Amount.nullable(), USDT: Amount.nullable() }),
});

export const DeskTable = z.object({
  tableId: z.string(),
  game: z.enum(TABLE_GAMES),
  name: z.string(),
  /** Per currency, per limit kind: [min, max] in the currency's units (a pair: OpenAPI 3.0 has no tuples). */
  limits: z.record(z.string(), z.record(z.string(), z.array(z.number()).length(2))),
});
export const DeskTableListData = z.object({ list: z.array(DeskTable) });
export const TableLimitsBody = z.object({
  tableId: z.string().trim().min(1).max(32),
  currency: z.enum(['CNY', 'USDT']),
  limits: z.record(z.string().max(32), z.array(Amount).length(2)),
});

/** What the desks' audited actions are called on screen. */
export const DESK_AUDIT_ACTIONS: Record<string, string> = {
  'sports.match.hold': '暂停/开放赛事',
  'sports.market.hold': '暂停/开放盘口',
  'sports.match.result': '录入赛果并结算',
  'sports.market.void': '作废盘口',
  'sports.market.resettle': '重新结算盘口',
  'venue.maintenance': '游戏平台维护',
  'venue.limits': '游戏平台转入限额',
  'table.limits': '牌桌投注限额',
};
