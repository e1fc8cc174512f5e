import { sql } from 'drizzle-orm';
import { fromMinor, isTableSpot, toMinor, type TableMyBet } from '@bp/contract';
import { oneOf, rowsOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { claimKey, completeKey, requestHash, type IdempotencyKey } from '../../platform/idempotency.ts';
import { clock } from '../../platform/clock.ts';
import { listVenues, refuseIfClosed, SandboxVenue, venueAdapter } from '../venue/index.ts';
import { openRound } from '../casino/index.ts';
import { kindOf, limitsIn, roundTimes, tableOf, timingOf, type DealerTable } from './catalogue.ts';
import { ensureRound } from './rounds.ts';

export interface BetRow {
  bet_id: unknown;
  table_id: string;
  round_no: unknown;
  member_id: unknown;
  spots: Array<{ spot: string; amountMinor: string }>;
  stake_minor: unknown;
  payout_minor: unknown;
  status: 'open' | 'settled' | 'refunded';
}

/** The bet's game record: one per bet, unique across games. */
export const recordIdOf = (bet: Pick<BetRow, 'table_id' | 'round_no' | 'bet_id'>) => `AG-${bet.table_id}-${String(bet.round_no)}-${String(bet.bet_id)}`;

export const spotsOf = (bet: Pick<BetRow, 'spots'>) => bet.spots.map((s) => ({ spot: s.spot, amountMinor: BigInt(s.amountMinor) }));

export interface BetRequest {
  tableId: string;
  roundNo: number;
  bets: Array<{ spot: string; amount: number }>;
}

export interface Bettor {
  memberId: number;
  siteId: number;
  currency: string;
}

/** The AG venue's own books, open: where table stakes come from and payouts go. */
async function tablesVenue(db: Db): Promise<SandboxVenue> {
  const venue = (await listVenues(db)).find((v) => v.api_name === 'AG');
  if (!venue) return fail('GAME_VENUE_CLOSED');
  refuseIfClosed(venue, 'GAME_VENUE_CLOSED');
  const adapter = venueAdapter(db, 'AG');
  return adapter instanceof SandboxVenue ? adapter : fail('GAME_VENUE_CLOSED');
}

/** Spots merged (the same spot twice is one stake), each a spot of this table, each within its kind's limits with what the member already has on it this round. */
function checkSpots(t: DealerTable, bets: BetRequest['bets']): Map<string, bigint> {
  const spots = new Map<string, bigint>();
  for (const b of bets) {
    if (!isTableSpot(t.game, b.spot)) fail('TABLE_SPOT_UNKNOWN', { msg: `没有这个投注项：${b.spot}` });
    spots.set(b.spot, (spots.get(b.spot) ?? 0n) + toMinor(b.amount));
  }
  return spots;
}

async function checkLimits(tx: DbOrTx, t: DealerTable, bettor: Bettor, roundNo: number, spots: Map<string, bigint>): Promise<void> {
  const limits = limitsIn(t, bettor.currency);
  const earlier = await rowsOf<Pick<BetRow, 'spots'>>(
    tx,
    sql`SELECT spots FROM dealer_bets WHERE member_id = ${bettor.memberId} AND table_id = ${t.table_id} AND round_no = ${roundNo}`,
  );
  const had = new Map<string, bigint>();
  for (const s of earlier.flatMap(spotsOf)) had.set(s.spot, (had.get(s.spot) ?? 0n) + s.amountMinor);
  for (const [spot, amount] of spots) {
    const [min, max] = limits[kindOf(t, spot)];
    if (amount < BigInt(min)) fail('TABLE_BET_BELOW_MIN', { msg: `低于该投注项的最低限额 ${fromMinor(min)}` });
    if (amount + (had.get(spot) ?? 0n) > BigInt(max)) fail('TABLE_BET_ABOVE_MAX', { msg: `超过该投注项的最高限额 ${fromMinor(max)}` });
  }
}

/**
 * A member's bet on the round taking bets (seed "Idempotency-Key": a repeat answers the first bet
 * and takes nothing again). Under the member's turn and a share lock on the round's row: the dealer
 * locks that row to deal, so a bet is either in before the cards or refused after. The stake comes
 * off the member's AG balance in the same transaction as the bet and its game record.
 */
export async function placeBet(db: Db, speed: number, bettor: Bettor, key: IdempotencyKey, body: BetRequest) {
  const t = await tableOf(db, body.tableId);
  const spots = checkSpots(t, body.bets);
  const venue = await tablesVenue(db);
  const times = roundTimes(timingOf(t, speed), body.roundNo);
  return db.transaction(async (tx) => {
    const claim = await claimKey<unknown>(tx, bettor.memberId, key.key, requestHash(key, body), 'done', `dealer-bet:${bettor.memberId}`);
    if (!claim.fresh) return claim.response as { betId: number; roundNo: number; stake: number; balance: number };
    const now = clock.now();
    if (now < times.startsAt || now >= times.closesAt) fail('TABLE_BETTING_CLOSED');
    await ensureRound(tx, t.table_id, times);
    const round = await oneOf<{ status: string }>(
      tx,
      sql`SELECT status FROM dealer_rounds WHERE table_id = ${t.table_id} AND round_no = ${body.roundNo} FOR SHARE`,
    );
    if (round?.status !== 'betting') fail('TABLE_BETTING_CLOSED');
    await checkLimits(tx, t, bettor, body.roundNo, spots);

    const stake = [...spots.values()].reduce((a, b) => a + b, 0n);
    const balance = (await venue.play(bettor.memberId, stake, 0n, tx)) ?? fail('GAME_STAKE_ABOVE_BALANCE');
    const stored = [...spots].map(([spot, amount]) => ({ spot, amountMinor: amount.toString() }));
    const bet = (await oneOf<BetRow>(
      tx,
      sql`
      INSERT INTO dealer_bets (table_id, round_no, member_id, site_id, spots, stake_minor)
      VALUES (${t.table_id}, ${body.roundNo}, ${bettor.memberId}, ${bettor.siteId}, ${JSON.stringify(stored)}::jsonb, ${stake.toString()})
      RETURNING *`,
    ))!;
    await openRound(tx, {
      roundId: recordIdOf(bet),
      memberId: bettor.memberId,
      siteId: bettor.siteId,
      apiName: 'AG',
      kind: 'live',
      gameCode: t.game_id,
      gameName: t.name,
      stakeMinor: stake,
      balanceBeforeMinor: balance + stake,
      detail: { tableId: t.table_id, roundNo: body.roundNo, spots: [...spots].map(([spot, amount]) => ({ spot, amount: fromMinor(amount) })) },
    });
    const answer = { betId: Number(bet.bet_id), roundNo: body.roundNo, stake: fromMinor(stake), balance: fromMinor(balance) };
    await completeKey(tx, bettor.memberId, key.key, answer);
    return answer;
  });
}

/** A member's bets at a table from round `fromRound` on, latest first. */
export async function myBets(db: DbOrTx, memberId: number, tableId: string, fromRound: number): Promise<TableMyBet[]> {
  const rows = await rowsOf<BetRow>(
    db,
    sql`SELECT * FROM dealer_bets WHERE member_id = ${memberId} AND table_id = ${tableId} AND round_no >= ${fromRound} ORDER BY bet_id DESC LIMIT 50`,
  );
  return rows.map((b) => ({
    betId: Number(b.bet_id),
    roundNo: Number(b.round_no),
    spots: spotsOf(b).map((s) => ({ spot: s.spot, amount: fromMinor(s.amountMinor) })),
    stake: fromMinor(b.stake_minor as string),
    payout: fromMinor(b.payout_minor as string),
    status: b.status,
  }));
}
