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
import { arrayParam, executePrepared, type Db, type Tx } from '../../../platform/db/index.ts';
import { AppError, fail } from '../../../platform/http/index.ts';
import { claimKeys, completeKeys, dropKeys, requestHash, type IdempotencyKey } from '../../../platform/idempotency.ts';
import type { Outcome } from '../../../platform/batch.ts';
import { clock } from '../../../platform/clock.ts';
import { postTransfers } from '../../wallet/index.ts';
import { lockSelections, refusalOf, type LiveSelection } from './legs.ts';
import { checkLimits, checkMinStake, exposureMarket, memberExposures, stakeRefusals } from './limits.ts';
import { stakePosting, type BetOwner } from './ledger.ts';

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

/** A bet to take: who, under what key and terms, and the slip. */
export interface BetOrder {
  p: Placement;
  body: BetPlaceBody;
}

/** What can be checked before any database work: the slip's shape and the minimum stake. */
export function checkOrder(body: BetPlaceBody, currency: string): void {
  checkShape(body);
  checkMinStake(toMinor(body.stake), currency);
}

/** One bet, alone in its transaction: the batch path's own code with a batch of one. */
export async function placeBet(db: Db, p: Placement, body: BetPlaceBody): Promise<Placed> {
  checkOrder(body, p.owner.currency);
  const [outcome] = await placeBets(db, [{ p, body }]);
  if (!outcome.ok) throw outcome.error;
  return outcome.value;
}

/** A bet checked and priced, waiting for its stake. */
interface Priced {
  n: number;
  order: BetOrder;
  bet: NewBet;
  placed: BetPlaceData;
}

/**
 * Takes a batch of bets (issue 18), each of a different member (platform/batch.ts), in one
 * transaction and a handful of round trips whatever its size: keys claimed in the members' turns,
 * prices held, limits read, stakes debited through the ledger's batched posting, bets written, keys
 * completed. Each bet answers alone: a repeated key answers its first result, a refused bet (a price
 * gone, a limit, a short balance) changes nothing and leaves the others be. Odds policy: a better
 * price than the member saw is taken; a worse one is refused with the new prices unless
 * `acceptOddsChange`. An in-play bet is held as `pending_delay` with its stake taken; a job (or the
 * member's next read) confirms or rejects it. Orders must have passed checkOrder.
 */
export async function placeBets(db: Db, orders: BetOrder[]): Promise<Outcome<Placed>[]> {
  return db.transaction(async (tx) => {
    const outcomes: Array<Outcome<Placed> | undefined> = new Array(orders.length);
    const refuse = (n: number, error: unknown) => (outcomes[n] = { ok: false, error });
    const claims = await claimKeys<BetPlaceData>(
      tx,
      orders.map(({ p, body }) => ({
        memberId: p.owner.memberId,
        key: p.idempotencyKey.key,
        hash: requestHash(p.idempotencyKey, body),
        turn: `sports-bet:${p.owner.memberId}`,
      })),
    );
    const fresh: number[] = [];
    claims.forEach((claim, n) => {
      if (claim instanceof AppError) refuse(n, claim);
      else if (!claim.fresh) outcomes[n] = { ok: true, value: { placed: claim.response } };
      else fresh.push(n);
    });
    const priced = await priceAll(tx, orders, fresh, refuse);
    const stakes = await postTransfers(
      tx,
      priced.map(({ order, bet }) => stakePosting(order.p.owner, bet.orderId, bet.stakeMinor)),
    );
    const taken = priced.filter((b, i) => {
      const stake = stakes[i];
      if (stake.ok) outcomes[b.n] = { ok: true, value: { placed: b.placed, mainAfterMinor: stake.posted.fromBalance } };
      else refuse(b.n, stake.error);
      return stake.ok;
    });
    await insertBets(tx, taken);
    await completeKeys(
      tx,
      taken.map(({ order, placed }) => ({ memberId: order.p.owner.memberId, key: order.p.idempotencyKey.key, response: placed })),
    );
    await dropKeys(
      tx,
      fresh.filter((n) => !outcomes[n]!.ok).map((n) => ({ memberId: orders[n].p.owner.memberId, key: orders[n].p.idempotencyKey.key })),
    );
    return outcomes as Outcome<Placed>[];
  });
}

/** The fresh orders' legs priced and limits checked; a refused one is answered through `refuse` and dropped. */
async function priceAll(tx: Tx, orders: BetOrder[], fresh: number[], refuse: (n: number, error: unknown) => void): Promise<Priced[]> {
  if (fresh.length === 0) return [];
  const now = clock.now();
  const found = await lockSelections(tx, [...new Set(fresh.flatMap((n) => orders[n].body.selections.map((s) => s.selectionId)))]);
  const checked: Array<{ n: number; legs: LiveSelection[] }> = [];
  for (const n of fresh) {
    try {
      checked.push({ n, legs: checkLegs(found, orders[n].p.venues, orders[n].body, now) });
    } catch (err) {
      refuse(n, err);
    }
  }
  const asks = checked.map(({ n, legs }) => {
    const { p, body } = orders[n];
    const stakeMinor = toMinor(body.stake);
    return {
      n,
      memberId: p.owner.memberId,
      currency: p.owner.currency,
      type: body.type,
      stakeMinor,
      potentialMinor: potentialReturnMinor(
        stakeMinor,
        legs.map((l) => l.oddsX100),
      ),
      legs,
    };
  });
  const exposures = asks.length
    ? await memberExposures(
        tx,
        asks.map((a) => ({ memberId: a.memberId, marketId: exposureMarket(a) })),
      )
    : [];
  const limited = asks.filter((ask, i) => {
    try {
      checkLimits(ask, exposures[i]);
      return true;
    } catch (err) {
      refuse(ask.n, err);
      return false;
    }
  });
  const refusals = await stakeRefusals(tx, limited);
  const allowed = limited.filter((ask, i) => !refusals[i] || (refuse(ask.n, refusals[i]), false));
  const ids = await nextBetIds(tx, allowed.length);
  const day = shanghaiDay(now).replaceAll('-', '');
  const priced: Priced[] = [];
  for (const [i, ask] of allowed.entries()) {
    const { n } = ask;
    const { p, body } = orders[n];
    const inPlay = p.inPlayDelayMs > 0 && ask.legs.some((l) => l.matchStatus === 'live');
    const bet: NewBet = {
      betId: ids[i],
      orderId: `SB${day}${String(ids[i]).padStart(8, '0')}`,
      owner: p.owner,
      type: body.type,
      stakeMinor: ask.stakeMinor,
      oddsX100: combinedOddsX100(ask.legs.map((l) => l.oddsX100)),
      potentialMinor: ask.potentialMinor,
      confirmAt: inPlay ? now + p.inPlayDelayMs : null,
      accept: !!body.acceptOddsChange,
      legs: ask.legs,
    };
    priced.push({ n, order: orders[n], bet, placed: placedOf(bet, body.stake) });
  }
  return priced;
}

/** The answer a taken bet gets (and a repeat of its key). */
const placedOf = (b: NewBet, stake: number): BetPlaceData => ({
  orderId: b.orderId,
  status: b.confirmAt ? 'pending_delay' : 'pending',
  stake,
  odds: oddsFromX100(b.oddsX100),
  potentialReturn: fromMinor(b.potentialMinor),
  confirmAt: b.confirmAt,
  selections: b.legs.map((l) => ({ selectionId: l.selectionId, odds: oddsFromX100(l.oddsX100) })),
});

/** Every leg open for betting now, at a price the member accepts; answers them in the slip's order. */
function checkLegs(found: Map<number, LiveSelection>, venues: SportsVenue[], body: BetPlaceBody, now: number): LiveSelection[] {
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

/** `count` new bet ids, in one round trip. */
async function nextBetIds(tx: Tx, count: number): Promise<number[]> {
  if (count === 0) return [];
  const { rows } = await executePrepared(
    tx,
    sql`SELECT nextval(pg_get_serial_sequence('sports_bets', 'bet_id')) AS bet_id FROM generate_series(1, ${count}::int)`,
  );
  return (rows as Array<{ bet_id: unknown }>).map((r) => Number(r.bet_id));
}

interface NewBet {
  betId: number;
  orderId: string;
  owner: BetOwner;
  type: 'single' | 'parlay';
  stakeMinor: bigint;
  oddsX100: bigint;
  potentialMinor: bigint;
  confirmAt: number | null;
  accept: boolean;
  legs: LiveSelection[];
}

/** Writes the bets and their legs, in one statement. */
async function insertBets(tx: Tx, taken: Priced[]): Promise<void> {
  if (taken.length === 0) return;
  const bets = taken.map(({ bet: b }) => b);
  const col = <T>(pick: (b: NewBet) => T) => bets.map(pick);
  const legs = bets.flatMap((b) => b.legs.map((l, i) => ({ b, l, i })));
  const legCol = <T>(pick: (x: (typeof legs)[number]) => T) => legs.map(pick);
  await executePrepared(
    tx,
    sql`
    WITH bet AS (
      INSERT INTO sports_bets (bet_id, order_id, member_id, site_id, currency, bet_type, stake_minor, odds_x100, potential_return_minor, status, accept_odds_change, confirm_at)
      SELECT bet_id, order_id, member_id, site_id, currency, bet_type, stake, odds, potential, CASE WHEN confirm_ms IS NULL THEN 'pending' ELSE 'pending_delay' END,
        accept, to_timestamp(confirm_ms / 1000.0)
      FROM unnest(${arrayParam(
        col((b) => b.betId),
        'bigint[]',
      )}, ${arrayParam(
        col((b) => b.orderId),
        'text[]',
      )}, ${arrayParam(
        col((b) => b.owner.memberId),
        'bigint[]',
      )}, ${arrayParam(
        col((b) => b.owner.siteId),
        'int[]',
      )},
        ${arrayParam(
          col((b) => b.owner.currency),
          'text[]',
        )}, ${arrayParam(
          col((b) => b.type),
          'text[]',
        )}, ${arrayParam(
          col((b) => b.stakeMinor.toString()),
          'bigint[]',
        )}, ${arrayParam(
          col((b) => b.oddsX100.toString()),
          'bigint[]',
        )},
        ${arrayParam(
          col((b) => b.potentialMinor.toString()),
          'bigint[]',
        )}, ${arrayParam(
          col((b) => b.accept),
          'boolean[]',
        )}, ${arrayParam(
          col((b) => b.confirmAt),
          'float8[]',
        )})
        AS v(bet_id, order_id, member_id, site_id, currency, bet_type, stake, odds, potential, accept, confirm_ms)
      RETURNING bet_id
    )
    INSERT INTO sports_bet_legs (bet_id, member_id, leg_no, selection_id, market_id, match_id, odds_x100)
    SELECT * FROM unnest(${arrayParam(
      legCol((x) => x.b.betId),
      'bigint[]',
    )}, ${arrayParam(
      legCol((x) => x.b.owner.memberId),
      'bigint[]',
    )}, ${arrayParam(
      legCol((x) => x.i + 1),
      'smallint[]',
    )},
      ${arrayParam(
        legCol((x) => x.l.selectionId),
        'bigint[]',
      )}, ${arrayParam(
        legCol((x) => x.l.marketId),
        'bigint[]',
      )}, ${arrayParam(
        legCol((x) => x.l.matchId),
        'bigint[]',
      )}, ${arrayParam(
        legCol((x) => x.l.oddsX100),
        'int[]',
      )})`,
  );
}
