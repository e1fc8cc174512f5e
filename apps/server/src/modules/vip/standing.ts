import { sql } from 'drizzle-orm';
import { oneOf, rowsOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { setVipLevels } from '../auth/index.ts';
import { memberChanged } from '../../platform/cache.ts';
import { depositedTotal, depositedTotals, type WalletOwner } from '../wallet/index.ts';
import { levelFor, siteGrades, type Grade } from './grades.ts';
import { turnoverToDate } from './turnover.ts';
import { expiryOf } from './bonuses.ts';
import { openStep } from './rebate.ts';

/** A member's standing: the level, and the deposits and valid turnover that count toward the next. */
export interface Standing {
  vipLevel: number;
  depositMinor: bigint;
  turnoverMinor: bigint;
  grades: Grade[];
}

interface MemberRow {
  vip_level: number;
  deposit_offset_minor: string;
  turnover_offset_minor: string;
}

/**
 * Counts the member's cumulative deposits and valid turnover (less what a relegation set aside),
 * moves the level up to what they reach (several levels at once if so), and grants the upgrade
 * bonus of every level reached that has none yet: once per member and level, whoever refreshes
 * at the same time. The auth module's level follows, for everywhere the level is shown.
 */
export async function refreshStanding(db: Db, owner: WalletOwner): Promise<Standing> {
  const [grades, deposited, turnover, known] = await Promise.all([
    siteGrades(db, owner.siteId),
    depositedTotal(db, owner),
    turnoverToDate(db, owner.memberId),
    oneOf<MemberRow & { deposit_minor: string }>(db, sql`SELECT * FROM vip_members WHERE member_id = ${owner.memberId}`),
  ]);
  // A read with nothing to change writes nothing: the member's row is current and no level is reached.
  if (known && BigInt(known.deposit_minor) === deposited) {
    const standing = standingOf(known, deposited, turnover, grades);
    if (levelFor(grades, standing.depositMinor, standing.turnoverMinor) <= standing.vipLevel) return standing;
  }
  const raised = await db.transaction(async (tx) => {
    const row = await oneOf<MemberRow>(
      tx,
      sql`
      INSERT INTO vip_members (member_id, site_id, deposit_minor) VALUES (${owner.memberId}, ${owner.siteId}, ${deposited.toString()})
      ON CONFLICT (member_id) DO UPDATE SET deposit_minor = EXCLUDED.deposit_minor
      RETURNING vip_level, deposit_offset_minor, turnover_offset_minor`,
    );
    const standing = standingOf(row!, deposited, turnover, grades);
    const reached = levelFor(grades, standing.depositMinor, standing.turnoverMinor);
    if (reached <= standing.vipLevel) return { standing, changed: false };
    await tx.execute(sql`UPDATE vip_members SET vip_level = ${reached}, updated_at = now() WHERE member_id = ${owner.memberId}`);
    await grantUpgradeBonuses(tx, owner, reached);
    return { standing: { ...standing, vipLevel: reached }, changed: true };
  });
  if (raised.changed) await setVipLevels(db, [{ memberId: owner.memberId, vipLevel: raised.standing.vipLevel }]);
  return raised.standing;
}

/** What counts toward the next level: the totals less what a relegation set aside. */
const standingOf = (row: MemberRow, deposited: bigint, turnover: bigint, grades: Grade[]): Standing => ({
  vipLevel: Number(row.vip_level),
  depositMinor: deposited - BigInt(row.deposit_offset_minor),
  turnoverMinor: turnover - BigInt(row.turnover_offset_minor),
  grades,
});

/** The upgrade bonus of each level up to `level` (1 and up) the member has not been given yet. */
async function grantUpgradeBonuses(tx: DbOrTx, owner: WalletOwner, level: number): Promise<void> {
  await tx.execute(sql`
    INSERT INTO vip_bonuses (member_id, site_id, source, ref, amount_minor, multiple_x100, detail, expires_at)
    SELECT ${owner.memberId}, site_id, 'upgrade', vip_level::text, upgrade_bonus_minor, bonus_multiple_x100,
           jsonb_build_object('vipLevel', vip_level, 'grade', grade), ${expiryOf('upgrade')}::timestamptz
    FROM vip_grades WHERE site_id = ${owner.siteId} AND vip_level BETWEEN 1 AND ${level} AND upgrade_bonus_minor > 0
    ON CONFLICT (member_id, source, ref) DO NOTHING`);
}

/**
 * The daily review of `day` (a Shanghai day), set-based: every member who played that day is
 * counted at once (deposits from the wallet, valid turnover to date, less what a relegation set
 * aside) and raised to the level reached, with the upgrade bonus of every level reached that has
 * none yet, in one statement: a level only rises and a bonus is granted once per member and level,
 * so a rerun, a run killed halfway or two instances at once grant nothing twice. What a lost
 * follow-up or a casino round left unraised is raised here. The auth module's level follows in the
 * same transaction. Answers how many members were raised.
 */
export async function reviewUpgrades(db: Db, day: string): Promise<number> {
  const raised = await db.transaction(async (tx) => {
    await openStep(tx, day);
    const rows = await rowsOf<{ member_id: string; vip_level: number }>(
      tx,
      sql`
      WITH played AS MATERIALIZED (
        SELECT DISTINCT member_id FROM vip_valid_bets WHERE day = ${day}::date
      ), counted AS (
        SELECT t.member_id, t.site_id, coalesce(d.deposit_minor, 0)::bigint AS deposit_minor, coalesce(m.vip_level, 0) AS held,
               coalesce(d.deposit_minor, 0)::bigint - coalesce(m.deposit_offset_minor, 0) AS deposit_counted,
               t.turnover_minor - coalesce(m.turnover_offset_minor, 0) AS turnover_counted
        FROM (SELECT v.member_id, min(v.site_id) AS site_id, sum(v.valid_minor)::bigint AS turnover_minor FROM vip_valid_bets v
              WHERE v.member_id IN (SELECT member_id FROM played) GROUP BY v.member_id) t
        LEFT JOIN (${depositedTotals(sql`SELECT member_id FROM played`)}) d ON d.member_id = t.member_id
        LEFT JOIN vip_members m ON m.member_id = t.member_id
      ), reached AS (
        SELECT c.member_id, c.site_id, c.deposit_minor, max(g.vip_level) AS vip_level
        FROM counted c JOIN vip_grades g ON g.site_id = c.site_id AND g.vip_level > c.held
          AND g.deposit_minor <= c.deposit_counted AND g.turnover_minor <= c.turnover_counted
        GROUP BY c.member_id, c.site_id, c.deposit_minor
      ), raised AS (
        INSERT INTO vip_members (member_id, site_id, deposit_minor, vip_level)
        SELECT member_id, site_id, deposit_minor, vip_level FROM reached
        ON CONFLICT (member_id) DO UPDATE SET deposit_minor = EXCLUDED.deposit_minor, updated_at = now(),
          vip_level = GREATEST(vip_members.vip_level, EXCLUDED.vip_level)
        RETURNING member_id, site_id, vip_level
      ), granted AS (
        INSERT INTO vip_bonuses (member_id, site_id, source, ref, amount_minor, multiple_x100, detail, expires_at)
        SELECT r.member_id, g.site_id, 'upgrade', g.vip_level::text, g.upgrade_bonus_minor, g.bonus_multiple_x100,
               jsonb_build_object('vipLevel', g.vip_level, 'grade', g.grade), ${expiryOf('upgrade')}::timestamptz
        FROM raised r JOIN vip_grades g ON g.site_id = r.site_id AND g.vip_level BETWEEN 1 AND r.vip_level AND g.upgrade_bonus_minor > 0
        ON CONFLICT (member_id, source, ref) DO NOTHING
      )
      SELECT member_id, vip_level FROM raised`,
    );
    const levels = rows.map((r) => ({ memberId: Number(r.member_id), vipLevel: Number(r.vip_level) }));
    // In the same transaction: a run killed after it leaves no member raised here but not on their profile.
    await setVipLevels(tx, levels);
    return levels;
  });
  for (const r of raised) memberChanged(r.memberId); // again after the commit, for a read that cached the old level meanwhile
  return raised.length;
}

/** The member's level as vip recorded it (0 without a row). */
export async function levelOf(tx: DbOrTx, memberId: number): Promise<number> {
  const row = await oneOf<{ vip_level: number }>(tx, sql`SELECT vip_level FROM vip_members WHERE member_id = ${memberId}`);
  return Number(row?.vip_level ?? 0);
}

/**
 * The monthly review of `month` ('YYYY-MM', a Shanghai month): a member at level 1 or more whose
 * valid turnover that month is below the level's keep figure goes down one level, standing at the
 * new level's threshold (the offsets set aside what counted before). Once per member and month
 * (reviewed_month), on any number of instances. Answers the members relegated.
 */
export async function reviewMonth(db: Db, month: string): Promise<Array<{ memberId: number; vipLevel: number }>> {
  const start = `${month}-01`;
  const moved = await rowsOf<{ member_id: string; vip_level: number; kept: boolean }>(
    db,
    sql`
    WITH played AS (
      SELECT member_id, sum(valid_minor) AS month_minor FROM vip_valid_bets
      WHERE day >= ${start}::date AND day < (${start}::date + interval '1 month') GROUP BY member_id
    ), due AS (
      SELECT m.member_id, coalesce(p.month_minor, 0) >= g.keep_turnover_minor AS kept, n.vip_level AS new_level,
             n.deposit_minor AS new_deposit, n.turnover_minor AS new_turnover,
             (SELECT coalesce(sum(v.valid_minor), 0) FROM vip_valid_bets v WHERE v.member_id = m.member_id) AS total_turnover
      FROM vip_members m
      JOIN vip_grades g ON g.site_id = m.site_id AND g.vip_level = m.vip_level
      JOIN vip_grades n ON n.site_id = m.site_id AND n.vip_level = m.vip_level - 1
      LEFT JOIN played p ON p.member_id = m.member_id
      WHERE m.vip_level > 0 AND m.reviewed_month < ${month}
    )
    UPDATE vip_members m SET reviewed_month = ${month}, updated_at = now(),
      vip_level = CASE WHEN d.kept THEN m.vip_level ELSE d.new_level END,
      deposit_offset_minor = CASE WHEN d.kept THEN m.deposit_offset_minor ELSE GREATEST(0, m.deposit_minor - d.new_deposit) END,
      turnover_offset_minor = CASE WHEN d.kept THEN m.turnover_offset_minor ELSE GREATEST(0, d.total_turnover - d.new_turnover) END
    FROM due d
    WHERE m.member_id = d.member_id AND m.reviewed_month < ${month}
    RETURNING m.member_id, m.vip_level, d.kept`,
  );
  const relegated = moved.filter((r) => !r.kept).map((r) => ({ memberId: Number(r.member_id), vipLevel: Number(r.vip_level) }));
  await setVipLevels(db, relegated);
  return relegated;
}
