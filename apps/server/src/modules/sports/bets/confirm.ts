import { sql } from 'drizzle-orm';
import { channel, combinedOddsX100, Errors, oddsFromX100, potentialReturnMinor, VENUE_OPEN, type BetConfirmedEvent, type ErrorName } from '@bp/contract';
import type { Deps } from '../../../platform/deps.ts';
import type { Tx } from '../../../platform/db/index.ts';
import { clock } from '../../../platform/clock.ts';
import { venueStatuses } from '../book/venues.ts';
import { lockSelections, refusalOf } from './legs.ts';
import { announce, returnStake, type BetOwner } from './ledger.ts';
import { closeOpenSingle } from './limits.ts';

interface DelayedBet {
  bet_id: unknown;
  order_id: string;
  member_id: unknown;
  site_id: number;
  currency: string;
  stake_minor: unknown;
  accept_odds_change: boolean;
  status: string;
}

/**
 * Ends the in-play delay of every bet whose delay is over (of one member when `memberId` is given):
 * each in its own transaction, guarded by its state, so two instances (or a job and a read)
 * confirm a bet once. Answers how many were decided.
 */
export async function confirmDueBets(deps: Pick<Deps, 'db' | 'bus'>, memberId?: number): Promise<number> {
  const now = clock.now();
  const { rows } = await deps.db.execute(sql`
    SELECT bet_id FROM sports_bets
    WHERE status = 'pending_delay' AND confirm_at <= to_timestamp(${now} / 1000.0) ${memberId ? sql`AND member_id = ${memberId}` : sql``}
    ORDER BY confirm_at LIMIT 200`);
  let decided = 0;
  for (const { bet_id } of rows as Array<{ bet_id: unknown }>) {
    const outcome = await deps.db.transaction((tx) => confirmBet(tx, Number(bet_id), now));
    if (!outcome) continue;
    decided++;
    await deps.bus.publish(channel.user(outcome.owner.memberId), 'bet.confirmed', outcome.event);
    if (outcome.event.status === 'rejected') await announce(deps, outcome.owner);
  }
  return decided;
}

/**
 * The price is checked again at the end of the delay: the bet stands if every leg is still open at
 * the price taken or better (or the member accepted changes: then at the new price); otherwise it
 * is rejected and the stake goes back.
 */
async function confirmBet(tx: Tx, betId: number, now: number): Promise<{ owner: BetOwner; event: BetConfirmedEvent } | null> {
  const found = await tx.execute(sql`
    SELECT bet_id, order_id, member_id, site_id, currency, stake_minor, accept_odds_change, status FROM sports_bets WHERE bet_id = ${betId} FOR UPDATE`);
  const bet = found.rows[0] as unknown as DelayedBet | undefined;
  if (!bet || bet.status !== 'pending_delay') return null;
  const legRows = await tx.execute(sql`SELECT leg_no, selection_id, odds_x100 FROM sports_bet_legs WHERE bet_id = ${betId} ORDER BY leg_no`);
  const legs = (legRows.rows as Array<Record<string, unknown>>).map((r) => ({
    legNo: Number(r.leg_no),
    selectionId: Number(r.selection_id),
    oddsX100: Number(r.odds_x100),
  }));
  const current = await lockSelections(
    tx,
    legs.map((l) => l.selectionId),
  );
  const venues = await venueStatuses(tx, bet.site_id);
  let refusal: ErrorName | null = null;
  for (const leg of legs) {
    const sel = current.get(leg.selectionId)!;
    refusal ??= venues.find((v) => v.venueCode === sel.venueCode)?.status !== VENUE_OPEN ? 'SPORTS_VENUE_CLOSED' : refusalOf(sel, now);
    if (!refusal && sel.oddsX100 < leg.oddsX100 && !bet.accept_odds_change) refusal = 'ODDS_CHANGED';
  }
  const owner: BetOwner = { memberId: Number(bet.member_id), siteId: bet.site_id, currency: bet.currency };
  const stake = BigInt(bet.stake_minor as string);
  if (refusal) {
    const reason = Errors[refusal].msg;
    await tx.execute(sql`UPDATE sports_bets SET status = 'rejected', reject_reason = ${reason}, settled_at = now() WHERE bet_id = ${betId}`);
    await returnStake(tx, bet.order_id);
    await closeOpenSingle(tx, betId);
    return { owner, event: { orderId: bet.order_id, status: 'rejected', odds: 0, reason } };
  }
  // Accepted: a lower price the member agreed to is written on the legs and the bet.
  const taken = legs.map((l) => Math.min(l.oddsX100, current.get(l.selectionId)!.oddsX100));
  for (const [i, leg] of legs.entries()) {
    if (taken[i] !== leg.oddsX100) await tx.execute(sql`UPDATE sports_bet_legs SET odds_x100 = ${taken[i]} WHERE bet_id = ${betId} AND leg_no = ${leg.legNo}`);
  }
  const odds = combinedOddsX100(taken);
  await tx.execute(sql`
    UPDATE sports_bets SET status = 'pending', odds_x100 = ${odds.toString()}, potential_return_minor = ${potentialReturnMinor(stake, taken).toString()}
    WHERE bet_id = ${betId}`);
  return { owner, event: { orderId: bet.order_id, status: 'pending', odds: oddsFromX100(odds), reason: null } };
}
