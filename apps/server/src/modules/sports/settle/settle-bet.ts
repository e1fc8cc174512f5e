import { sql } from 'drizzle-orm';
import { fromMinor, type BetSettledEvent, type BetStatus, type BetType, type LegOutcome, type MarketKind } from '@bp/contract';
import type { Tx } from '../../../platform/db/index.ts';
import { clock } from '../../../platform/clock.ts';
import { betOutcome, gradeLeg, type MatchResult } from '../markets/grade.ts';
import { specOf } from '../book/markets.ts';
import { payOut, takeBackPayout, type BetOwner } from '../bets/ledger.ts';
import { closeOpenSingle } from '../bets/limits.ts';

/** States a result can (re)settle; cashed-out, rejected and delayed bets are left alone. */
const SETTLEABLE = ['pending', 'won', 'lost', 'void', 'half_won', 'half_lost'];
export const SETTLEABLE_SQL = sql.raw(`(${SETTLEABLE.map((s) => `'${s}'`).join(', ')})`);

interface BetRow {
  order_id: string;
  member_id: unknown;
  site_id: number;
  currency: string;
  bet_type: BetType;
  stake_minor: unknown;
  status: string;
  settlement_no: number;
  settled_key: string | null;
  payout_minor: unknown;
}

interface LegRow {
  leg_no: number;
  odds_x100: number;
  code: string;
  kind: MarketKind;
  line: unknown;
  map_no: unknown;
  market_id: unknown;
  void_reason: string | null;
  settle_rev: number;
  match_id: unknown;
  result: MatchResult | null;
  result_version: number;
}

/**
 * What a leg was settled on: the match's result version, and the market's operator revision when
 * it has one. A leg on a market an operator voided is void whatever the result (it needs none).
 */
function legKey(l: LegRow): string {
  if (l.void_reason !== null) return `m${String(l.market_id)}v${l.settle_rev}`;
  return `${String(l.match_id)}:${l.result_version}${l.settle_rev > 0 ? `r${l.settle_rev}` : ''}`;
}
const hasResult = (l: LegRow) => l.void_reason !== null || (Number(l.result_version) > 0 && l.result !== null);
const legOutcome = (l: LegRow): LegOutcome => (l.void_reason !== null ? 'void' : gradeLeg(specOf(l), l.code, l.result!));

/** A bet graded on its legs' results as they stand, not yet paid. */
export interface Graded {
  betId: number;
  orderId: string;
  owner: BetOwner;
  /** Settlements so far, and what the latest paid. */
  settlementNo: number;
  paidMinor: bigint;
  key: string;
  status: BetStatus;
  payoutMinor: bigint;
  legs: Array<{ legNo: number; oddsX100: number; outcome: LegOutcome }>;
}

/**
 * Grades a bet on its legs' results as they stand (holding its row when `lock`). Null when there
 * is nothing to do: not settleable, a leg still without a result, or already settled on these.
 */
export async function gradeBet(tx: Tx, betId: number, lock = true): Promise<Graded | null> {
  const found = await tx.execute(sql`
    SELECT order_id, member_id, site_id, currency, bet_type, stake_minor, status, settlement_no, settled_key, payout_minor
    FROM sports_bets WHERE bet_id = ${betId} ${lock ? sql`FOR UPDATE` : sql``}`);
  const bet = found.rows[0] as unknown as BetRow | undefined;
  if (!bet || !SETTLEABLE.includes(bet.status)) return null;
  const legRows = await tx.execute(sql`
    SELECT l.leg_no, l.odds_x100, s.code, mk.kind, mk.line, mk.map_no, mk.market_id, mk.void_reason, mk.settle_rev, x.match_id, x.result, x.result_version
    FROM sports_bet_legs l
    JOIN sports_selections s ON s.selection_id = l.selection_id
    JOIN sports_markets mk ON mk.market_id = l.market_id
    JOIN sports_matches x ON x.match_id = l.match_id
    WHERE l.bet_id = ${betId} ORDER BY l.leg_no`);
  const legs = legRows.rows as unknown as LegRow[];
  if (!legs.every(hasResult)) return null;
  const key = legs.map(legKey).join(',');
  if (key === bet.settled_key) return null;
  const graded = legs.map((l) => ({ legNo: Number(l.leg_no), oddsX100: Number(l.odds_x100), outcome: legOutcome(l) }));
  const { status, payoutMinor } = betOutcome(bet.bet_type, BigInt(bet.stake_minor as string), graded);
  return {
    betId,
    orderId: bet.order_id,
    owner: { memberId: Number(bet.member_id), siteId: bet.site_id, currency: bet.currency },
    settlementNo: bet.settlement_no,
    paidMinor: bet.settlement_no > 0 ? BigInt(bet.payout_minor as string) : 0n,
    key,
    status,
    payoutMinor,
    legs: graded,
  };
}

export interface Settled {
  owner: BetOwner;
  event: BetSettledEvent;
  /** How many times the bet has been settled, this one included (a corrected result settles again). */
  settlementNo: number;
  /** What this settlement could not take back of the last one's payout (the member had spent it): owed. */
  recoveryDueMinor: bigint;
}

/**
 * Settles one bet on its matches' results, inside the caller's transaction, holding the bet's row.
 * The bet remembers which result versions it was settled on: the same results again change
 * nothing (a repeat or a concurrent settler is a no-op); a corrected result settles it again,
 * paying the new amount and reversing the earlier payout by a transfer of its own. Answers null
 * when there is nothing to do (already settled, or a leg's match has no result yet).
 */
export async function settleBet(tx: Tx, betId: number): Promise<Settled | null> {
  const g = await gradeBet(tx, betId);
  if (!g) return null;
  const n = g.settlementNo + 1;
  await payOut(tx, g.owner, g.orderId, n, g.payoutMinor);
  const owed = g.settlementNo > 0 ? await takeBackPayout(tx, g.orderId, g.settlementNo) : 0n;
  await tx.execute(sql`
    UPDATE sports_bets SET status = ${g.status}, payout_minor = ${g.payoutMinor.toString()}, settlement_no = ${n}, settled_key = ${g.key},
      settled_at = ${new Date(clock.now())}, recovery_due_minor = recovery_due_minor + ${owed.toString()}
    WHERE bet_id = ${betId}`);
  const outcomes = g.legs.map((l) => sql`WHEN ${l.legNo} THEN ${l.outcome}`);
  await tx.execute(sql`UPDATE sports_bet_legs SET outcome = CASE leg_no ${sql.join(outcomes, sql` `)} END WHERE bet_id = ${betId}`);
  // Its first settlement: the bet was open until now (a resettlement finds it settled).
  if (g.settlementNo === 0) await closeOpenSingle(tx, betId);
  return { owner: g.owner, event: { orderId: g.orderId, status: g.status, payout: fromMinor(g.payoutMinor) }, settlementNo: n, recoveryDueMinor: owed };
}
