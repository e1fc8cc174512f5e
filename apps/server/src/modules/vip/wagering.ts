import { sql, type SQL } from 'drizzle-orm';
import { DAY_MS, fromMinor } from '@bp/contract';
import { arrayParam, preparedRowsOf, rowsOf, type Db, type DbOrTx, type Tx } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { clock } from '../../platform/clock.ts';
import { listSites } from '../site/index.ts';
import { lockedBalanceOf, memberAccount, postWithHouseSlice, walletOwner, type WalletOwner } from '../wallet/index.ts';
import { titleOf } from './welfare.ts';
import type { BonusRow } from './bonuses.ts';

/**
 * Bonus wagering (issue 15). A bonus received asks amount x multiple of qualifying turnover within
 * WAGER_DAYS: settled bets and rounds count their valid turnover, oldest bonus first, except bets
 * at odds of LOW_ODDS_X100 or lower and hedged bets (voids, cash-outs and refused bets are never
 * valid turnover). While a bonus wagers, one bet may stake at most the level's figure recorded on
 * it. Withdrawing before the wagering is met (the member confirms it first) or letting the window
 * pass forfeits the part of the bonus not yet wagered (in proportion), taken back from the main
 * wallet to the house's bonus account, at most what the wallet holds.
 */
export const WAGER_DAYS = 30;
export const LOW_ODDS_X100 = 150;

export type WagerState = 'none' | 'wagering' | 'met' | 'forfeited' | 'lapsed';

/** The SET part of receiving a bonus (`b` is vip_bonuses): its wagering starts now. */
export const startWagering = (now: Date): SQL => sql`
  wager_required_minor = b.amount_minor * b.multiple_x100 / 100,
  wager_state = CASE WHEN b.amount_minor * b.multiple_x100 / 100 > 0 THEN 'wagering' ELSE 'none' END,
  wager_until = ${new Date(now.getTime() + WAGER_DAYS * DAY_MS)}::timestamptz,
  max_stake_minor = coalesce((
    SELECT g.wager_max_stake_minor FROM vip_grades g LEFT JOIN vip_members m ON m.member_id = b.member_id
    WHERE g.site_id = b.site_id AND g.vip_level = coalesce(m.vip_level, 0)), 0)`;

interface WagerRow {
  bonus_id: string;
  amount_minor: string;
  wager_required_minor: string;
  wagered_minor: string;
  wager_until: Date | string;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** What of a bonus is not yet earned by its wagering (forfeited if it ends unmet). */
const unearned = (b: WagerRow): bigint => {
  const required = BigInt(b.wager_required_minor);
  const amount = BigInt(b.amount_minor);
  return required === 0n ? 0n : amount - (amount * min(BigInt(b.wagered_minor), required)) / required;
};

/**
 * Counts `wagerMinor` of qualifying turnover (recorded once by the caller, in this transaction)
 * toward the member's open wagering, oldest bonus first; the rows' locks serialise concurrent counts.
 */
export function countWager(tx: DbOrTx, memberId: number, wagerMinor: bigint): Promise<void> {
  return countWagers(tx, new Map([[memberId, wagerMinor]]));
}

/** countWager for several members at once: their open bonuses read and locked in one statement (in member order). */
export async function countWagers(tx: DbOrTx, wagers: Map<number, bigint>): Promise<void> {
  const members = [...wagers].filter(([, wager]) => wager > 0n).map(([memberId]) => memberId);
  if (members.length === 0) return;
  const open = await rowsOf<{ bonus_id: string; member_id: unknown; need: string }>(
    tx,
    sql`
    SELECT bonus_id, member_id, wager_required_minor - wagered_minor AS need FROM vip_bonuses
    WHERE member_id = ANY (${arrayParam(members, 'bigint[]')}) AND wager_state = 'wagering' AND wager_until > ${new Date(clock.now())}
    ORDER BY member_id, received_at, bonus_id FOR UPDATE`,
  );
  const left = new Map(wagers);
  for (const b of open) {
    const memberId = Number(b.member_id);
    const take = min(BigInt(b.need), left.get(memberId)!);
    if (take <= 0n) continue;
    left.set(memberId, left.get(memberId)! - take);
    await tx.execute(sql`
      UPDATE vip_bonuses SET wagered_minor = wagered_minor + ${take},
        wager_state = CASE WHEN wagered_minor + ${take} >= wager_required_minor THEN 'met' ELSE wager_state END
      WHERE bonus_id = ${b.bonus_id}`);
  }
}

/** The lowest stake limit of each member's bonuses still wagering (sports bets, game rounds), one row per stake in order: wagerStakeRefusalsOf reads it. */
export const wagerStakeRead = (stakes: Array<{ memberId: number }>): SQL => sql`
    SELECT (SELECT min(max_stake_minor) FILTER (WHERE max_stake_minor > 0) FROM vip_bonuses b
            WHERE b.member_id = s.member_id AND b.wager_state = 'wagering' AND b.wager_until > ${new Date(clock.now())}) AS max
    FROM unnest(${arrayParam(
      stakes.map((st) => st.memberId),
      'bigint[]',
    )}) WITH ORDINALITY AS s(member_id, n) ORDER BY s.n`;

/** Each stake above its member's limit refused (rows of wagerStakeRead), or null. */
export function wagerStakeRefusalsOf(rows: Array<Record<string, unknown>>, stakes: Array<{ stakeMinor: bigint }>): Array<AppError | null> {
  return rows.map(({ max }, i) => {
    if (max == null || stakes[i].stakeMinor <= BigInt(max as string)) return null;
    const maxStake = fromMinor(BigInt(max as string));
    return new AppError('BONUS_MAX_STAKE', { msg: `优惠流水完成前单注最高${maxStake}`, data: { maxStake } });
  });
}

/** Refuses stakes above the lowest limit of each member's bonuses still wagering, in one query: each stake's refusal, or null. */
export async function wagerStakeRefusals(tx: DbOrTx, stakes: Array<{ memberId: number; stakeMinor: bigint }>): Promise<Array<AppError | null>> {
  return wagerStakeRefusalsOf(await preparedRowsOf(tx, wagerStakeRead(stakes)), stakes);
}

const wageringRows = (tx: DbOrTx, memberId: number, lock: boolean, dueBy?: Date) =>
  rowsOf<WagerRow>(
    tx,
    sql`
    SELECT bonus_id, amount_minor, wager_required_minor, wagered_minor, wager_until FROM vip_bonuses
    WHERE member_id = ${memberId} AND wager_state = 'wagering' ${dueBy ? sql`AND wager_until <= ${dueBy}` : sql``}
    ORDER BY received_at, bonus_id ${lock ? sql`FOR UPDATE` : sql``}`,
  );

/** The withdrawal's part: turnover the open wagering still asks, and what a withdrawal now forfeits (before the wallet's cap). */
export async function wagerTerms(tx: DbOrTx, memberId: number): Promise<{ remainingMinor: bigint; forfeitMinor: bigint }> {
  const rows = await wageringRows(tx, memberId, false);
  return {
    remainingMinor: rows.reduce((sum, b) => sum + BigInt(b.wager_required_minor) - BigInt(b.wagered_minor), 0n),
    forfeitMinor: rows.reduce((sum, b) => sum + unearned(b), 0n),
  };
}

/**
 * Ends the member's open wagering (every bonus, or those due by `dueBy`), inside the caller's
 * transaction: each bonus's unearned part moves back to the house's bonus account, at most what
 * the main wallet holds, once per bonus (its ref); the bonus reads 'forfeited', or 'lapsed' when
 * its window had passed. Locks the bonuses, then the main wallet. Answers what was taken.
 */
export async function forfeitWagering(tx: Tx, owner: WalletOwner, dueBy?: Date): Promise<bigint> {
  const rows = await wageringRows(tx, owner.memberId, true, dueBy);
  if (rows.length === 0) return 0n;
  const main = await memberAccount(tx, owner);
  let balance = await lockedBalanceOf(tx, main, main);
  let taken = 0n;
  const now = clock.now();
  for (const b of rows) {
    const take = min(unearned(b), balance);
    balance -= take;
    taken += take;
    if (take > 0n) {
      await postWithHouseSlice(tx, owner, { house: 'bonus', toHouse: true, amountMinor: take, kind: 'bonus.forfeit', ref: `vip-bonus-forfeit:${b.bonus_id}` });
    }
    const state: WagerState = new Date(b.wager_until).getTime() <= now ? 'lapsed' : 'forfeited';
    await tx.execute(sql`UPDATE vip_bonuses SET wager_state = ${state}, forfeited_minor = ${take} WHERE bonus_id = ${b.bonus_id}`);
  }
  return taken;
}

/** The job: wagering whose window passed unmet lapses (a few hundred members a run). Answers how many members. */
export async function lapseDueWagering(db: Db, at = clock.now()): Promise<number> {
  const due = await rowsOf<{ member_id: string; site_id: number }>(
    db,
    sql`SELECT DISTINCT member_id, site_id FROM vip_bonuses WHERE wager_state = 'wagering' AND wager_until <= ${new Date(at)} LIMIT 300`,
  );
  if (due.length === 0) return 0;
  const { byId } = await listSites(db);
  for (const d of due) {
    const site = byId.get(Number(d.site_id));
    if (site) await db.transaction((tx) => forfeitWagering(tx, walletOwner(site, Number(d.member_id)), new Date(at)));
  }
  return due.length;
}

/** welfare/wagering: the member's bonuses wagering now and lately ended, with what a withdrawal now forfeits. */
export async function wageringView(db: DbOrTx, memberId: number) {
  const rows = await rowsOf<BonusRow & WagerRow & { wager_state: WagerState; forfeited_minor: string; max_stake_minor: string; received_at: Date | string }>(
    db,
    sql`
    SELECT * FROM vip_bonuses WHERE member_id = ${memberId} AND wager_state <> 'none'
    ORDER BY (wager_state = 'wagering') DESC, received_at DESC LIMIT 50`,
  );
  const open = rows.filter((b) => b.wager_state === 'wagering');
  const stakes = open.map((b) => BigInt(b.max_stake_minor)).filter((m) => m > 0n);
  return {
    remaining: fromMinor(open.reduce((sum, b) => sum + BigInt(b.wager_required_minor) - BigInt(b.wagered_minor), 0n)),
    forfeit: fromMinor(open.reduce((sum, b) => sum + unearned(b), 0n)),
    maxStake: stakes.length ? fromMinor(stakes.reduce(min)) : null,
    lowOdds: LOW_ODDS_X100 / 100,
    days: WAGER_DAYS,
    list: rows.map((b) => ({
      welfareId: Number(b.bonus_id),
      title: titleOf(b),
      amount: fromMinor(BigInt(b.amount_minor)),
      required: fromMinor(BigInt(b.wager_required_minor)),
      wagered: fromMinor(BigInt(b.wagered_minor)),
      state: b.wager_state as Exclude<WagerState, 'none'>,
      until: new Date(b.wager_until).getTime(),
      forfeited: fromMinor(BigInt(b.forfeited_minor)),
      receivedAt: new Date(b.received_at).getTime(),
    })),
  };
}
