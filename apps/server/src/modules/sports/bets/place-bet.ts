import { sql } from 'drizzle-orm';
import {
  combinedOddsX100,
  fromMinor,
  oddsFromX100,
  oddsToX100,
  PARLAY_LEGS,
  potentialReturnMinor,
  toMinor,
  VENUE_OPEN,
  type BetPlaceBody,
  type BetPlaceData,
  type SportsVenue,
  shanghaiDay,
} from '@bp/contract';
import { executePrepared, type Db, type Tx } from '../../../platform/db/index.ts';
import { fail } from '../../../platform/http/index.ts';
import { claimKey, completeKey, requestHash, type IdempotencyKey } from '../../../platform/idempotency.ts';
import { clock } from '../../../platform/clock.ts';
import { lockSelections, refusalOf, type LiveSelection } from './legs.ts';
import { checkLimits, checkMinStake } from './limits.ts';
import { takeStake, type BetOwner } from './ledger.ts';

export interface Placement {
  owner: BetOwner;
  idempotencyKey: IdempotencyKey;
  /** In-play bets wait this long before their price is checked again (0: accepted at once). */
  inPlayDelayMs: number;
  /** The site's sports venues and their status (a closed venue takes no bets). */
  venues: SportsVenue[];
}

/** Single: exactly one selection. Parlay: 2 to 10, never two of one match (checked once prices are read). */
function checkShape(body: BetPlaceBody): void {
  const ids = body.selections.map((s) => s.selectionId);
  if (body.type === 'single' && ids.length !== 1) fail('SINGLE_ONE_SELECTION');
  if (body.type === 'parlay' && (ids.length < PARLAY_LEGS.min || ids.length > PARLAY_LEGS.max)) fail('PARLAY_LEGS');
  if (new Set(ids).size !== ids.length) fail('PARLAY_SAME_MATCH');
}

export interface Placed {
  placed: BetPlaceData;
  /** The member's main balance after the stake; absent when a repeated key answered (nothing moved now). */
  mainAfterMinor?: bigint;
}

/**
 * Takes a bet: checks every leg's market and price, the limits and the balance, then writes the
 * bet and debits the stake in one transaction, keyed by the Idempotency-Key (a repeat answers the
 * first result and debits nothing). Odds policy: a better price than the member saw is taken; a
 * worse one is refused with the new prices unless `acceptOddsChange`. An in-play bet is held as
 * `pending_delay` with its stake taken; a job (or the member's next read) confirms or rejects it.
 */
export async function placeBet(db: Db, p: Placement, body: BetPlaceBody): Promise<Placed> {
  checkShape(body);
  const stakeMinor = toMinor(body.stake);
  checkMinStake(stakeMinor, p.owner.currency);
  return db.transaction(async (tx) => {
    // One member's bets go one at a time (the key is claimed in the member's turn), so limits that
    // count open bets stay true.
    const claim = await claimKey<BetPlaceData>(
      tx,
      p.owner.memberId,
      p.idempotencyKey.key,
      requestHash(p.idempotencyKey, body),
      'done',
      `sports-bet:${p.owner.memberId}`,
    );
    if (!claim.fresh) return { placed: claim.response };
    const now = clock.now();
    const legs = await priceLegs(tx, p.venues, body, now);
    const legOdds = legs.map((l) => l.oddsX100);
    const potentialMinor = potentialReturnMinor(stakeMinor, legOdds);
    await checkLimits(tx, { memberId: p.owner.memberId, currency: p.owner.currency, type: body.type, stakeMinor, potentialMinor, legs });
    const inPlay = p.inPlayDelayMs > 0 && legs.some((l) => l.matchStatus === 'live');
    const confirmAt = inPlay ? now + p.inPlayDelayMs : null;
    const oddsX100 = combinedOddsX100(legOdds);
    const orderId = await insertBet(tx, p.owner, { type: body.type, stakeMinor, oddsX100, potentialMinor, confirmAt, accept: !!body.acceptOddsChange, legs });
    const placed: BetPlaceData = {
      orderId,
      status: inPlay ? 'pending_delay' : 'pending',
      stake: body.stake,
      odds: oddsFromX100(oddsX100),
      potentialReturn: fromMinor(potentialMinor),
      confirmAt,
      selections: legs.map((l) => ({ selectionId: l.selectionId, odds: oddsFromX100(l.oddsX100) })),
    };
    await completeKey(tx, p.owner.memberId, p.idempotencyKey.key, placed);
    // Last: the debit locks the member's wallet and their slice of the house's stakes account until
    // the commit, the only step left.
    return { placed, mainAfterMinor: await takeStake(tx, p.owner, orderId, stakeMinor) };
  });
}

/** Every leg open for betting now, at a price the member accepts; answers them in the slip's order. */
async function priceLegs(tx: Tx, venues: SportsVenue[], body: BetPlaceBody, now: number): Promise<LiveSelection[]> {
  const found = await lockSelections(
    tx,
    body.selections.map((s) => s.selectionId),
  );
  const missing = body.selections.filter((s) => !found.has(s.selectionId)).map((s) => s.selectionId);
  if (missing.length) fail('SELECTION_NOT_FOUND', { data: { selectionIds: missing } });
  const legs = body.selections.map((s) => found.get(s.selectionId)!);
  if (new Set(legs.map((l) => l.matchId)).size !== legs.length) fail('PARLAY_SAME_MATCH');
  if (legs.some((l) => venues.find((v) => v.venueCode === l.venueCode)?.status !== VENUE_OPEN)) fail('SPORTS_VENUE_CLOSED');
  for (const leg of legs) {
    const refusal = refusalOf(leg, now);
    if (refusal) fail(refusal, { data: { selectionId: leg.selectionId } });
  }
  const worse = body.selections.some((s) => found.get(s.selectionId)!.oddsX100 < oddsToX100(s.odds));
  if (worse && !body.acceptOddsChange) {
    fail('ODDS_CHANGED', { data: { selections: legs.map((l) => ({ selectionId: l.selectionId, odds: oddsFromX100(l.oddsX100) })) } });
  }
  return legs;
}

interface NewBet {
  type: 'single' | 'parlay';
  stakeMinor: bigint;
  oddsX100: bigint;
  potentialMinor: bigint;
  confirmAt: number | null;
  accept: boolean;
  legs: LiveSelection[];
}

/** Writes the bet and its legs in one statement; the order id is the Shanghai day and the bet's number. */
async function insertBet(tx: Tx, o: BetOwner, b: NewBet): Promise<string> {
  const day = shanghaiDay(clock.now()).replaceAll('-', '');
  const legs = b.legs.map((l, i) => sql`(${i + 1}::smallint, ${l.selectionId}::bigint, ${l.marketId}::bigint, ${l.matchId}::bigint, ${l.oddsX100}::int)`);
  const { rows } = await executePrepared(
    tx,
    sql`
    WITH id AS (SELECT nextval(pg_get_serial_sequence('sports_bets', 'bet_id')) AS bet_id),
    bet AS (
      INSERT INTO sports_bets (bet_id, order_id, member_id, site_id, currency, bet_type, stake_minor, odds_x100, potential_return_minor, status, accept_odds_change, confirm_at)
      SELECT bet_id, ${`SB${day}`}::text || lpad(bet_id::text, 8, '0'), ${o.memberId}::bigint, ${o.siteId}::int, ${o.currency}::text, ${b.type}::text,
        ${b.stakeMinor.toString()}::bigint, ${b.oddsX100.toString()}::bigint, ${b.potentialMinor.toString()}::bigint,
        ${b.confirmAt ? 'pending_delay' : 'pending'}::text, ${b.accept}::boolean, ${b.confirmAt ? sql`to_timestamp(${b.confirmAt} / 1000.0)` : sql`NULL::timestamptz`}
      FROM id RETURNING bet_id, order_id, member_id
    ), legs AS (
      INSERT INTO sports_bet_legs (bet_id, member_id, leg_no, selection_id, market_id, match_id, odds_x100)
      SELECT bet.bet_id, bet.member_id, v.leg_no, v.selection_id, v.market_id, v.match_id, v.odds_x100
      FROM bet, (VALUES ${sql.join(legs, sql`, `)}) AS v(leg_no, selection_id, market_id, match_id, odds_x100)
    )
    SELECT order_id FROM bet`,
  );
  return (rows[0] as { order_id: string }).order_id;
}
