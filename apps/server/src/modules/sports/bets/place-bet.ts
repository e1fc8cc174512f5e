import { sql, type SQL } from 'drizzle-orm';
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
import { arrayParam, inTwoTrips, type Db } from '../../../platform/db/index.ts';
import { AppError, fail } from '../../../platform/http/index.ts';
import { earlierClaim, keyRows, keysCompleted, keysDropped, requestHash, type EarlierClaim, type IdempotencyKey } from '../../../platform/idempotency.ts';
import type { Outcome } from '../../../platform/batch.ts';
import { clock } from '../../../platform/clock.ts';
import { nextHouseSlice, postTransfersCall, postedOutcomes, type BatchPosting, type PostedRow } from '../../wallet/index.ts';
import { liveSelections, refusalOf, type LiveSelection } from './legs.ts';
import { checkLimits, checkMinStake, stakeRefusals, stakeRuleReads, type Exposure } from './limits.ts';
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
 * transaction of two round trips whatever its size (inTwoTrips): with its BEGIN, everything the
 * checks read, in the members' turns with the keys claimed and the prices held (SQL
 * sports_bets_prepare), and the other modules' stake rules' reads; then the checks here; then,
 * with its COMMIT, the stakes debited through the ledger's batched posting with the bets written
 * and the keys completed, or dropped for the bets refused, in one statement (takeBets). Each bet
 * answers alone: a repeated key answers its first result, a refused bet (a price gone, a limit, a
 * short balance) changes nothing and leaves the others be. Odds policy: a better price than the
 * member saw is taken; a worse one is refused with the new prices unless `acceptOddsChange`. An
 * in-play bet is held as `pending_delay` with its stake taken; a job (or the member's next read)
 * confirms or rejects it. Orders must have passed checkOrder.
 */
export async function placeBets(db: Db, orders: BetOrder[]): Promise<Outcome<Placed>[]> {
  const hashes = orders.map(({ p, body }) => requestHash(p.idempotencyKey, body));
  const stakes = orders.map(({ p, body }) => ({ memberId: p.owner.memberId, stakeMinor: toMinor(body.stake) }));
  return inTwoTrips(db, async (trips) => {
    const outcomes: Array<Outcome<Placed> | undefined> = new Array(orders.length);
    const refuse = (n: number, error: unknown) => (outcomes[n] = { ok: false, error });
    const [prepared, ...ruled] = await trips.open([prepareStatement(orders, hashes), ...stakeRuleReads(stakes)]);
    const read = betsRead(prepared);
    orders.forEach((_, n) => {
      if (read.fresh.includes(n)) return;
      const claim = earlierClaim(read.earlier[n], hashes[n]);
      if (claim instanceof AppError) refuse(n, claim);
      else if (!claim.fresh) outcomes[n] = { ok: true, value: { placed: claim.response } };
    });
    const priced = priceAll(orders, read, stakeRefusals(ruled, stakes), refuse);
    const refused = read.fresh.filter((n) => outcomes[n]).map((n) => keyOf(orders[n]));
    const take = takeBets(priced, refused);
    const rows = await trips.close(take.statement);
    const stakesPosted = take.postings.length ? postedOutcomes(rows as unknown as PostedRow[], take.postings) : [];
    priced.forEach((b, i) => {
      const stake = stakesPosted[i];
      if (stake.ok) outcomes[b.n] = { ok: true, value: { placed: b.placed, mainAfterMinor: stake.posted.fromBalance } };
      else refuse(b.n, stake.error);
    });
    return outcomes as Outcome<Placed>[];
  });
}

const keyOf = ({ p }: BetOrder) => ({ memberId: p.owner.memberId, key: p.idempotencyKey.key });

/** What sports_bets_prepare read for a batch, by order (0-based). */
interface BetsRead {
  /** The orders whose key this batch claimed, in order. */
  fresh: number[];
  /** Each other order's key as claimed before (null: no row, its claim rolled back). */
  earlier: Array<EarlierClaim<BetPlaceData> | null>;
  found: Map<number, LiveSelection>;
  /** Per fresh order: the member's stake factor and open singles on its market. */
  exposures: Array<Exposure | null>;
  /** One bet id per fresh order. */
  betIds: number[];
}

/** The batch's reads in one statement (SQL sports_bets_prepare). */
function prepareStatement(orders: BetOrder[], hashes: string[]): SQL {
  const legs = orders.flatMap(({ body }, n) => body.selections.map((s) => [n + 1, s.selectionId]));
  return sql`
    SELECT fresh, earlier, selections, exposures, bet_ids FROM sports_bets_prepare(
      ${arrayParam(
        orders.map(({ p }) => `sports-bet:${p.owner.memberId}`),
        'text[]',
      )}, ${arrayParam(
        orders.map(({ p }) => p.owner.memberId),
        'bigint[]',
      )},
      ${arrayParam(
        orders.map(({ p }) => p.idempotencyKey.key),
        'text[]',
      )}, ${arrayParam(hashes, 'text[]')}, ${arrayParam(
        orders.map(({ body }) => body.type === 'single'),
        'boolean[]',
      )},
      ${arrayParam(
        legs.map(([n]) => n),
        'int[]',
      )}, ${arrayParam(
        legs.map(([, id]) => id),
        'bigint[]',
      )})`;
}

/** sports_bets_prepare's one row, by order. */
function betsRead(rows: Array<Record<string, unknown>>): BetsRead {
  const row = rows[0] as {
    fresh: number[];
    earlier: BetsRead['earlier'] | null;
    selections: Array<Record<string, unknown>>;
    exposures: Array<[number, string] | null>;
    bet_ids: unknown[];
  };
  return {
    fresh: row.fresh.map((n) => Number(n) - 1),
    earlier: row.earlier ?? [],
    found: liveSelections(row.selections),
    exposures: row.exposures.map((e) => e && { factor: Number(e[0]), stakedMinor: BigInt(e[1]) }),
    betIds: row.bet_ids.map(Number),
  };
}

/** The fresh orders' legs priced and limits checked; a refused one is answered through `refuse` and dropped. */
function priceAll(orders: BetOrder[], read: BetsRead, ruled: Array<AppError | null>, refuse: (n: number, error: unknown) => void): Priced[] {
  if (read.fresh.length === 0) return [];
  const now = clock.now();
  const checked: Array<{ n: number; legs: LiveSelection[] }> = [];
  for (const n of read.fresh) {
    try {
      checked.push({ n, legs: checkLegs(read.found, orders[n].p.venues, orders[n].body, now) });
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
  const limited = asks.filter((ask) => {
    try {
      checkLimits(ask, read.exposures[ask.n]!);
      return true;
    } catch (err) {
      refuse(ask.n, err);
      return false;
    }
  });
  const allowed = limited.filter((ask) => !ruled[ask.n] || (refuse(ask.n, ruled[ask.n]), false));
  const day = shanghaiDay(now).replaceAll('-', '');
  const priced: Priced[] = [];
  for (const [i, ask] of allowed.entries()) {
    const { n } = ask;
    const { p, body } = orders[n];
    const betId = read.betIds[i];
    const inPlay = p.inPlayDelayMs > 0 && ask.legs.some((l) => l.matchStatus === 'live');
    const bet: NewBet = {
      betId,
      orderId: `SB${day}${String(betId).padStart(8, '0')}`,
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

/**
 * The statement that debits the stakes (the ledger's batched posting) and, in the same statement,
 * writes each bet whose stake was posted with its legs (a single's stake added to what its member
 * has open on its market) and completes its key with its answer; the keys of the bets refused
 * (here or before: `refused`) dropped, so each can be sent again. Its rows
 * answer each stake's posting, in the order of `postings` (postedOutcomes). Nothing to write: no
 * statement, or the keys dropped alone.
 */
function takeBets(taken: Priced[], refused: Array<{ memberId: number; key: string }>): { statement: SQL | null; postings: BatchPosting[] } {
  const refusedKeys = keyRows(refused);
  if (taken.length === 0) return { statement: refused.length ? keysDropped(refusedKeys) : null, postings: [] };
  const slice = nextHouseSlice();
  const postings = taken.map(({ order, bet }) => stakePosting(order.p.owner, bet.orderId, bet.stakeMinor, slice));
  const bets = taken.map(({ bet: b }) => b);
  const col = (pick: (b: NewBet) => string | number | boolean | null, type: string) => arrayParam(bets.map(pick), type);
  const legs = bets.flatMap((b) => b.legs.map((l, i) => ({ b, l, i })));
  const legCol = (pick: (x: (typeof legs)[number]) => number, type: string) => arrayParam(legs.map(pick), type);
  // One shape for any batch, reading no table but through key probes (the keys' functions):
  // prepared, so it is parsed and planned once per connection (a plan of it cost 0.4 ms a batch).
  const statement = sql`
    WITH posted AS MATERIALIZED (
      SELECT * FROM ${postTransfersCall(postings)} WITH ORDINALITY AS p(outcome, posted_id, from_after, to_after, n)),
    bet AS (
      SELECT * FROM unnest(${col((b) => b.betId, 'bigint[]')}, ${col((b) => b.orderId, 'text[]')}, ${col((b) => b.owner.memberId, 'bigint[]')},
        ${col((b) => b.owner.siteId, 'int[]')}, ${col((b) => b.owner.currency, 'text[]')}, ${col((b) => b.type, 'text[]')},
        ${col((b) => b.stakeMinor.toString(), 'bigint[]')}, ${col((b) => b.oddsX100.toString(), 'bigint[]')},
        ${col((b) => b.potentialMinor.toString(), 'bigint[]')}, ${col((b) => b.accept, 'boolean[]')}, ${col((b) => b.confirmAt, 'float8[]')},
        ${col((b) => (b.type === 'single' ? b.legs[0].marketId : null), 'bigint[]')},
        ${arrayParam(
          taken.map((t) => t.order.p.idempotencyKey.key),
          'text[]',
        )}, ${arrayParam(
          taken.map((t) => JSON.stringify(t.placed)),
          'jsonb[]',
        )})
        WITH ORDINALITY AS v(bet_id, order_id, member_id, site_id, currency, bet_type, stake, odds, potential, accept, confirm_ms, single_market, idem_key, response, n)),
    taken AS (SELECT bet.* FROM bet JOIN posted USING (n) WHERE posted.outcome = 'posted'),
    bets AS (
      INSERT INTO sports_bets (bet_id, order_id, member_id, site_id, currency, bet_type, stake_minor, odds_x100, potential_return_minor, status, accept_odds_change, confirm_at)
      SELECT bet_id, order_id, member_id, site_id, currency, bet_type, stake, odds, potential, CASE WHEN confirm_ms IS NULL THEN 'pending' ELSE 'pending_delay' END,
        accept, to_timestamp(confirm_ms / 1000.0)
      FROM taken),
    legs AS (
      INSERT INTO sports_bet_legs (bet_id, member_id, leg_no, selection_id, market_id, match_id, odds_x100)
      SELECT * FROM unnest(${legCol((x) => x.b.betId, 'bigint[]')}, ${legCol((x) => x.b.owner.memberId, 'bigint[]')}, ${legCol((x) => x.i + 1, 'smallint[]')},
        ${legCol((x) => x.l.selectionId, 'bigint[]')}, ${legCol((x) => x.l.marketId, 'bigint[]')}, ${legCol((x) => x.l.matchId, 'bigint[]')},
        ${legCol((x) => x.l.oddsX100, 'int[]')}) AS l(bet_id, member_id, leg_no, selection_id, market_id, match_id, odds_x100)
      WHERE l.bet_id IN (SELECT bet_id FROM taken)),
    opened AS (
      INSERT INTO sports_open_singles AS os (member_id, market_id, staked_minor)
      SELECT member_id, single_market, stake FROM taken WHERE single_market IS NOT NULL
      ON CONFLICT (member_id, market_id) DO UPDATE SET staked_minor = os.staked_minor + EXCLUDED.staked_minor),
    done AS (${keysCompleted(sql`SELECT member_id, idem_key, response FROM taken`)}),
    dropped AS (${keysDropped(sql`SELECT member_id, idem_key FROM bet WHERE n NOT IN (SELECT n FROM taken) UNION ALL ${refusedKeys}`)})
    SELECT outcome, posted_id, from_after, to_after FROM posted, done, dropped ORDER BY n`;
  return { statement, postings };
}
