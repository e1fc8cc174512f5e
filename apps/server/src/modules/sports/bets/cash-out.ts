import { sql } from 'drizzle-orm';
import { fromMinor, toMinor, VENUE_OPEN, type SportsVenue } from '@bp/contract';
import type { Db } from '../../../platform/db/index.ts';
import { fail } from '../../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../../platform/idempotency.ts';
import { clock } from '../../../platform/clock.ts';
import { venueStatuses } from '../book/venues.ts';
import { lockSelections, refusalOf, type LiveSelection } from './legs.ts';
import { payCashOut, type BetOwner } from './ledger.ts';
import { closeOpenSingle } from './limits.ts';

/** Cashing out keeps this share of the bet's fair value now (the operator's margin on cash outs). */
const CASHOUT_PAYBACK_PERCENT = 95n;

/**
 * What a pending single pays if cashed out now: the stake times the price taken over the price now,
 * less the margin, rounded down; null while its market cannot take bets (suspended, closed, venue shut).
 */
export function cashOutValue(stakeMinor: bigint, takenOddsX100: number, now: LiveSelection, venues: SportsVenue[], at: number): bigint | null {
  if (refusalOf(now, at)) return null;
  if (venues.find((v) => v.venueCode === now.venueCode)?.status !== VENUE_OPEN) return null;
  const value = (stakeMinor * BigInt(takenOddsX100) * CASHOUT_PAYBACK_PERCENT) / (BigInt(now.oddsX100) * 100n);
  return value > 0n ? value : null;
}

interface PendingSingle {
  bet_id: unknown;
  bet_type: string;
  status: string;
  stake_minor: unknown;
  selection_id: unknown;
  odds_x100: number;
}

/**
 * Cashes out a pending single at today's offer, once per Idempotency-Key. Refused while its market
 * is suspended; if the offer fell below the amount the member saw, refused with the new offer.
 */
export async function cashOut(db: Db, owner: BetOwner, key: IdempotencyKey, body: { orderId: string; cashOutAmount?: number }) {
  return once(db, owner.memberId, key, body, async (tx) => {
    const { rows } = await tx.execute(sql`
      SELECT b.bet_id, b.bet_type, b.status, b.stake_minor, l.selection_id, l.odds_x100
      FROM sports_bets b JOIN sports_bet_legs l ON l.bet_id = b.bet_id AND l.leg_no = 1
      WHERE b.order_id = ${body.orderId} AND b.member_id = ${owner.memberId} FOR UPDATE OF b`);
    const bet = rows[0] as unknown as PendingSingle | undefined;
    if (!bet) return fail('BET_NOT_FOUND');
    if (bet.bet_type !== 'single' || bet.status !== 'pending') return fail('CASHOUT_UNAVAILABLE');
    const now = (await lockSelections(tx, [Number(bet.selection_id)])).get(Number(bet.selection_id))!;
    if (now.marketStatus === 'suspended') return fail('MARKET_SUSPENDED');
    const value = cashOutValue(BigInt(bet.stake_minor as string), bet.odds_x100, now, await venueStatuses(tx, owner.siteId), clock.now());
    if (value === null) return fail('CASHOUT_UNAVAILABLE');
    if (body.cashOutAmount !== undefined && value < toMinor(body.cashOutAmount)) {
      return fail('CASHOUT_CHANGED', { data: { cashOut: fromMinor(value) } });
    }
    await tx.execute(
      sql`UPDATE sports_bets SET status = 'cashed_out', payout_minor = ${value.toString()}, settled_at = now() WHERE bet_id = ${Number(bet.bet_id)}`,
    );
    await payCashOut(tx, owner, body.orderId, value);
    await closeOpenSingle(tx, Number(bet.bet_id));
    return { orderId: body.orderId, status: 'cashed_out' as const, payout: fromMinor(value) };
  });
}
