import { sql } from 'drizzle-orm';
import { channel, type TableOutcome } from '@bp/contract';
import type { Deps } from '../../platform/deps.ts';
import { oneOf, rowsOf, type Db, type Tx } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { SandboxVenue, venueAdapter } from '../venue/index.ts';
import { closeRound } from '../casino/index.ts';
import { listTables, roundAt, timingOf, type DealerTable } from './catalogue.ts';
import { ensureRound, roundOf, type RoundRow } from './rounds.ts';
import { betReturn, CARDS_PER_ROUND, draw, newShoe, usesShoe } from './games/index.ts';
import { recordIdOf, spotsOf, type BetRow } from './bets.ts';

export const TABLES_VENUE = 'AG';

/** How often the dealing instance looks at its tables. */
export const DEALER_TICK_MS = 200;

/**
 * One look at every table, at `now`: the running round is opened; a round whose betting closed is
 * dealt from the stored shoe (or the wheel), under its row's lock, so bets taken under that lock are
 * all in and none comes after; a dealt round is paid once its deal has been shown; a round whose
 * dealing time passed undealt (the dealer was down: a crash, a restart) is void and its stakes go
 * back. Safe on several instances at once: every step is judged again under the round's or the
 * bet's row lock, and game records close once (closeRound).
 */
export async function runTables(deps: Deps, now = clock.now()): Promise<void> {
  const tables = await listTables(deps.db);
  const byId = new Map(tables.map((t) => [t.table_id, t]));
  for (const t of tables) {
    const { row, created } = await ensureRound(deps.db, t.table_id, roundAt(timingOf(t, deps.config.tablesSpeed), now));
    if (created) await announce(deps, row);
  }
  const pending = await rowsOf<RoundRow>(
    deps.db,
    sql`
    SELECT * FROM dealer_rounds WHERE status IN ('betting', 'dealt', 'voiding') AND closes_at <= ${new Date(now).toISOString()}
    ORDER BY closes_at`,
  );
  for (const row of pending) {
    const t = byId.get(row.table_id);
    if (!t) continue;
    const revealed = new Date(row.reveal_at).getTime() <= now;
    if (row.status === 'betting') {
      const next = await (revealed ? voidRound : dealRound)(deps.db, t, Number(row.round_no));
      if (next) await announce(deps, next);
      if (!revealed || !next) continue;
    }
    if (revealed) {
      const done = await finishRound(deps.db, t, Number(row.round_no));
      if (done) await announce(deps, done);
    }
  }
}

const announce = (deps: Deps, row: RoundRow) => deps.bus.publish(channel.table(row.table_id), 'table.round', { tableId: row.table_id, round: roundOf(row) });

/** Locks a round for its dealer; null when it is no longer taking bets (dealt or voided by another). */
async function lockBetting(tx: Tx, tableId: string, roundNo: number): Promise<RoundRow | null> {
  const row = await oneOf<RoundRow>(tx, sql`SELECT * FROM dealer_rounds WHERE table_id = ${tableId} AND round_no = ${roundNo} FOR UPDATE`);
  return row?.status === 'betting' ? row : null;
}

/** Draws the round's outcome and stores it with the round: from here on it is what the round pays. */
export function dealRound(db: Db, t: DealerTable, roundNo: number): Promise<RoundRow | null> {
  return db.transaction(async (tx) => {
    if (!(await lockBetting(tx, t.table_id, roundNo))) return null;
    const { outcome, shoeNo } = await drawFromShoe(tx, t);
    return oneOf<RoundRow>(
      tx,
      sql`
      UPDATE dealer_rounds SET status = 'dealt', outcome = ${JSON.stringify(outcome)}::jsonb, shoe_no = ${shoeNo}, dealt_at = now()
      WHERE table_id = ${t.table_id} AND round_no = ${roundNo} RETURNING *`,
    );
  });
}

/** A round never dealt in its time: void, its stakes to be refunded. */
function voidRound(db: Db, t: DealerTable, roundNo: number): Promise<RoundRow | null> {
  return db.transaction(async (tx) => {
    if (!(await lockBetting(tx, t.table_id, roundNo))) return null;
    return oneOf<RoundRow>(tx, sql`UPDATE dealer_rounds SET status = 'voiding' WHERE table_id = ${t.table_id} AND round_no = ${roundNo} RETURNING *`);
  });
}

interface ShoeRow {
  shoe_no: number;
  cards: string;
  cut_at: number;
  position: number;
}

/** The table's shoe, a new one once the cut card came out; the cards this round takes, and where the deal stops. */
async function drawFromShoe(tx: Tx, t: DealerTable): Promise<{ outcome: TableOutcome; shoeNo: number }> {
  if (!usesShoe(t.game)) return { outcome: draw(t.game, () => ''), shoeNo: 0 };
  let shoe = await oneOf<ShoeRow>(
    tx,
    sql`SELECT shoe_no, cards, cut_at, position FROM dealer_shoes WHERE table_id = ${t.table_id} ORDER BY shoe_no DESC LIMIT 1 FOR UPDATE`,
  );
  if (!shoe || shoe.position >= shoe.cut_at || shoe.position + CARDS_PER_ROUND[t.game] > shoe.cards.split(' ').length) {
    const fresh = newShoe();
    const shoeNo = (shoe?.shoe_no ?? 0) + 1;
    await tx.execute(sql`
      INSERT INTO dealer_shoes (table_id, shoe_no, cards, cut_at, burned, position)
      VALUES (${t.table_id}, ${shoeNo}, ${fresh.cards.join(' ')}, ${fresh.cutAt}, ${fresh.burned}, ${fresh.position})`);
    shoe = { shoe_no: shoeNo, cards: fresh.cards.join(' '), cut_at: fresh.cutAt, position: fresh.position };
  }
  const cards = shoe.cards.split(' ');
  let position = shoe.position;
  const outcome = draw(t.game, () => cards[position++]);
  await tx.execute(sql`UPDATE dealer_shoes SET position = ${position} WHERE table_id = ${t.table_id} AND shoe_no = ${shoe.shoe_no}`);
  return { outcome, shoeNo: shoe.shoe_no };
}

/** Pays (or refunds) every open bet of a dealt (or voided) round, then closes the round; the closed row, or null. */
export async function finishRound(db: Db, t: DealerTable, roundNo: number): Promise<RoundRow | null> {
  const venue = venueAdapter(db, TABLES_VENUE);
  if (!(venue instanceof SandboxVenue)) return null;
  const round = await oneOf<RoundRow>(db, sql`SELECT * FROM dealer_rounds WHERE table_id = ${t.table_id} AND round_no = ${roundNo}`);
  if (!round || (round.status !== 'dealt' && round.status !== 'voiding')) return null;
  const open = await rowsOf<{ bet_id: unknown }>(
    db,
    sql`SELECT bet_id FROM dealer_bets WHERE table_id = ${t.table_id} AND round_no = ${roundNo} AND status = 'open' ORDER BY bet_id`,
  );
  for (const { bet_id } of open) await settleBet(db, venue, round, Number(bet_id));
  return oneOf<RoundRow>(
    db,
    sql`
    UPDATE dealer_rounds SET status = ${round.status === 'dealt' ? 'settled' : 'void'}, settled_at = now()
    WHERE table_id = ${t.table_id} AND round_no = ${roundNo} AND status = ${round.status}
      AND NOT EXISTS (SELECT 1 FROM dealer_bets WHERE table_id = ${t.table_id} AND round_no = ${roundNo} AND status = 'open')
    RETURNING *`,
  );
}

/**
 * One bet paid from the round's stored outcome (or its stake returned when the round is void), in
 * one transaction with its game record: the bet's row lock makes a twin settlement wait and then
 * find it closed.
 */
async function settleBet(db: Db, venue: SandboxVenue, round: RoundRow, betId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const bet = await oneOf<BetRow>(tx, sql`SELECT * FROM dealer_bets WHERE bet_id = ${betId} FOR UPDATE`);
    if (!bet || bet.status !== 'open') return;
    const refunded = round.status === 'voiding';
    const stake = BigInt(bet.stake_minor as string);
    const payout = refunded ? stake : betReturn(spotsOf(bet), round.outcome!);
    const balance = await venue.play(Number(bet.member_id), 0n, payout, tx);
    if (balance === null) throw new Error(`AG wallet of member ${String(bet.member_id)} missing`);
    const detail = refunded ? { result: '本局未开牌，本金已退还' } : { outcome: round.outcome };
    if (!(await closeRound(tx, recordIdOf(bet), { payoutMinor: payout, balanceAfterMinor: balance, detail, refunded })))
      throw new Error(`game round of bet ${betId} not open`);
    await tx.execute(sql`
      UPDATE dealer_bets SET status = ${refunded ? 'refunded' : 'settled'}, payout_minor = ${payout.toString()}, settled_at = now() WHERE bet_id = ${betId}`);
  });
}
