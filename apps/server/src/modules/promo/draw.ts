import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import type { WalletOwner } from '../wallet/index.ts';
import { budgetLeft, spend, type ActivityRow } from './activities.ts';
import { NO_PRIZE, prizeView, writeRecord, type PrizeWon } from './records.ts';

/**
 * One draw of a drawn activity (the wheel, the lottery): a prize picked by weight among those with
 * stock left and within the budget, with crypto.randomInt; the random value, the total weight and
 * the prizes in play are recorded with the draw, so it can be recalled and checked. The caller
 * holds the activity's row lock (openActivity(.., lock)), so stock and budget are never passed.
 */
interface PrizeRow {
  prize_no: number;
  kind: PrizeWon['kind'];
  amount_minor: string;
  name: string;
  weight: number;
  stock: number | null;
  won: number;
}

export const prizesOf = (db: DbOrTx, a: ActivityRow) =>
  rowsOf<PrizeRow>(db, sql`SELECT * FROM promo_prizes WHERE activity_id = ${a.activity_id} ORDER BY prize_no`);

/** The prizes as a config call lists them, with what is left in stock. */
export const prizeList = async (db: DbOrTx, a: ActivityRow) =>
  (await prizesOf(db, a)).map((p) => ({
    prizeNo: p.prize_no,
    prize: prizeView({ kind: p.kind, amountMinor: p.amount_minor, name: p.name }),
    left: p.stock === null ? null : p.stock - p.won,
  }));

/** The prize `value` (0 <= value < total weight) falls on, walking the prizes in play in order. */
export function pick<P extends { weight: number }>(inPlay: P[], value: number): P {
  let upTo = 0;
  for (const p of inPlay) {
    upTo += p.weight;
    if (value < upTo) return p;
  }
  throw new Error('value past the total weight');
}

/** Draws once for the member as record `ref` (refused as NO_DRAWS_LEFT if that record exists). */
export async function drawPrize(tx: DbOrTx, a: ActivityRow, owner: WalletOwner, r: { ref: string; multipleX100: number }) {
  const left = budgetLeft(a);
  const inPlay = (await prizesOf(tx, a)).filter(
    (p) => p.weight > 0 && (p.stock === null || p.won < p.stock) && (p.kind !== 'money' || left === null || BigInt(p.amount_minor) <= left),
  );
  const total = inPlay.reduce((sum, p) => sum + p.weight, 0);
  const value = total > 0 ? randomInt(total) : 0;
  const chosen = total > 0 ? pick(inPlay, value) : null;
  const prize: PrizeWon = chosen ? { kind: chosen.kind, amountMinor: BigInt(chosen.amount_minor), name: chosen.name } : NO_PRIZE;
  const detail = { random: value, total, prizeNo: chosen?.prize_no ?? 0, inPlay: inPlay.map((p) => `${p.prize_no}:${p.weight}`).join(',') };
  const recordId = await writeRecord(tx, a, owner, { ref: r.ref, prize, multipleX100: r.multipleX100, detail });
  if (recordId === null) return fail('NO_DRAWS_LEFT');
  if (chosen) await tx.execute(sql`UPDATE promo_prizes SET won = won + 1 WHERE activity_id = ${a.activity_id} AND prize_no = ${chosen.prize_no}`);
  if (prize.kind === 'money') await spend(tx, a, prize.amountMinor);
  return { recordId, prize: prizeView(prize) };
}
