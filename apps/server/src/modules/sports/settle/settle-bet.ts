import { sql } from 'drizzle-orm';
import { fromMinor, type BetSettledEvent, type BetType, type LegOutcome, type MarketKind } from '@bp/contract';
import type { Tx } from '../../../platform/db/index.ts';
import { clock } from '../../../platform/clock.ts';
import { betOutcome, gradeLeg, type MatchResult } from '../markets/grade.ts';
import { specOf } from '../book/markets.ts';
import { payOut, takeBackPayout, type BetOwner } from '../bets/ledger.ts';

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
}

interface LegRow {
  leg_no: number;
  odds_x100: number;
  code: string;
  kind: MarketKind;
  line: unknown;
  map_no: unknown;
  match_id: unknown;
  result: MatchResult | null;
  result_version: number;
}

export interface Settled {
  owner: BetOwner;
  event: BetSettledEvent;
  /** How many times the bet has been settled, this one included (a corrected result settles again). */
  settlementNo: number;
}

/**
 * Settles one bet on its matches' results, inside the caller's transaction, holding the bet's row.
 * The bet remembers which result versions it was settled on: the same results again change
 * nothing (a repeat or a concurrent settler is a no-op); a corrected result settles it again,
 * paying the new amount and reversing the earlier payout by a transfer of its own. Answers null
 * when there is nothing to do (already settled, or a leg's match has no result yet).
 */
export async function settleBet(tx: Tx, betId: number): Promise<Settled | null> {
  const found = await tx.execute(sql`
    SELECT order_id, member_id, site_id, currency, bet_type, stake_minor, status, settlement_no, settled_key
    FROM sports_bets WHERE bet_id = ${betId} FOR UPDATE`);
  const bet = found.rows[0] as unknown as BetRow | undefined;
  if (!bet || !SETTLEABLE.includes(bet.status)) return null;
  const legRows = await tx.execute(sql`
    SELECT l.leg_no, l.odds_x100, s.code, mk.kind, mk.line, mk.map_no, x.match_id, x.result, x.result_version
    FROM sports_bet_legs l
    JOIN sports_selections s ON s.selection_id = l.selection_id
    JOIN sports_markets mk ON mk.market_id = l.market_id
    JOIN sports_matches x ON x.match_id = l.match_id
    WHERE l.bet_id = ${betId} ORDER BY l.leg_no`);
  const legs = legRows.rows as unknown as LegRow[];
  if (legs.some((l) => Number(l.result_version) === 0 || !l.result)) return null;
  const key = legs.map((l) => `${l.match_id}:${l.result_version}`).join(',');
  if (key === bet.settled_key) return null;

  const graded = legs.map((l) => ({
    legNo: Number(l.leg_no),
    oddsX100: Number(l.odds_x100),
    outcome: gradeLeg(specOf(l), l.code, l.result!) as LegOutcome,
  }));
  const stake = BigInt(bet.stake_minor as string);
  const { status, payoutMinor } = betOutcome(bet.bet_type, stake, graded);
  const owner: BetOwner = { memberId: Number(bet.member_id), siteId: bet.site_id, currency: bet.currency };
  const n = bet.settlement_no + 1;
  await payOut(tx, owner, bet.order_id, n, payoutMinor);
  const owed = bet.settlement_no > 0 ? await takeBackPayout(tx, bet.order_id, bet.settlement_no) : 0n;
  await tx.execute(sql`
    UPDATE sports_bets SET status = ${status}, payout_minor = ${payoutMinor.toString()}, settlement_no = ${n}, settled_key = ${key},
      settled_at = ${new Date(clock.now())}, recovery_due_minor = recovery_due_minor + ${owed.toString()}
    WHERE bet_id = ${betId}`);
  const outcomes = graded.map((g) => sql`WHEN ${g.legNo} THEN ${g.outcome}`);
  await tx.execute(sql`UPDATE sports_bet_legs SET outcome = CASE leg_no ${sql.join(outcomes, sql` `)} END WHERE bet_id = ${betId}`);
  return { owner, event: { orderId: bet.order_id, status, payout: fromMinor(payoutMinor) }, settlementNo: n };
}
