import { sql } from 'drizzle-orm';
import { WITHDRAW_PASSWORD_PATTERN, compactCardNum } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { clock } from '../../platform/clock.ts';
import { getConfigValue } from '../site/index.ts';
import { hashSecret, verifySecret } from '../auth/index.ts';
import { epochMs, oneOf } from './sql.ts';

/** Seed 5: six digits. Five wrong in a row lock withdrawals for 30 minutes. */
export const MAX_FAILURES = 5;
export const LOCK_MS = 30 * 60_000;

interface PasswordRow {
  password_hash: string;
  failures: number;
  locked_until: string | null;
}

const find = (db: Db, memberId: number) =>
  oneOf<PasswordRow>(db, sql`SELECT password_hash, failures, locked_until FROM wallet_withdraw_passwords WHERE member_id = ${memberId}`);

const lockedUntil = (row: PasswordRow | null): number | null => {
  const until = row?.locked_until ? epochMs(row.locked_until) : null;
  return until !== null && until > clock.now() ? until : null;
};

const store = async (db: Db, memberId: number, password: string) => {
  const hash = await hashSecret(password);
  await db.execute(sql`
    INSERT INTO wallet_withdraw_passwords (member_id, password_hash) VALUES (${memberId}, ${hash})
    ON CONFLICT (member_id) DO UPDATE SET password_hash = excluded.password_hash, failures = 0, locked_until = NULL, updated_at = now()`);
};

/** Whether the site asks for the password on a withdrawal (site config `withdrawal_password`, seed 3). */
export async function passwordRequired(db: Db, siteId: number): Promise<boolean> {
  return (await getConfigValue(db, siteId, 'withdrawal_password')) !== '0';
}

export async function passwordStatus(db: Db, memberId: number, siteId: number) {
  const row = await find(db, memberId);
  return { isSet: row !== null, lockedUntil: lockedUntil(row), required: await passwordRequired(db, siteId) };
}

export async function setWithdrawPassword(db: Db, memberId: number, password: string): Promise<void> {
  const hash = await hashSecret(password);
  const inserted = await db.execute(sql`
    INSERT INTO wallet_withdraw_passwords (member_id, password_hash) VALUES (${memberId}, ${hash})
    ON CONFLICT (member_id) DO NOTHING RETURNING member_id`);
  if (inserted.rows.length === 0) fail('WITHDRAW_PASSWORD_EXISTS');
}

/**
 * Takes one try before the password is checked, atomically: concurrent tries each take their own,
 * and while five are counted no further one is checked, so a burst meets the password at most five
 * times. A right password clears the count; a wrong one that finds five counted locks.
 */
async function takeTry(db: Db, memberId: number): Promise<string | null> {
  const now = new Date(clock.now()).toISOString();
  const row = await oneOf<{ password_hash: string }>(
    db,
    sql`
    UPDATE wallet_withdraw_passwords SET failures = failures + 1
    WHERE member_id = ${memberId} AND failures < ${MAX_FAILURES} AND (locked_until IS NULL OR locked_until <= ${now}::timestamptz)
    RETURNING password_hash`,
  );
  return row?.password_hash ?? null;
}

/** A wrong try stays counted; the one that finds five counted locks for 30 minutes. */
async function judgeWrong(db: Db, memberId: number): Promise<never> {
  const until = new Date(clock.now() + LOCK_MS);
  const row = await oneOf<{ failures: number; locked: boolean }>(
    db,
    sql`
    UPDATE wallet_withdraw_passwords
    SET locked_until = CASE WHEN failures >= ${MAX_FAILURES} THEN ${until.toISOString()}::timestamptz ELSE locked_until END,
        failures = CASE WHEN failures >= ${MAX_FAILURES} THEN 0 ELSE failures END
    WHERE member_id = ${memberId}
    RETURNING failures, (locked_until = ${until.toISOString()}::timestamptz) AS locked`,
  );
  if (!row || row.locked) return fail('WITHDRAW_PASSWORD_LOCKED', { data: { lockedUntil: until.getTime() } });
  const remaining = MAX_FAILURES - row.failures;
  return fail('WITHDRAW_PASSWORD_WRONG', { msg: `资金密码错误，还可尝试${remaining}次`, data: { remaining } });
}

/**
 * Checks the password; five wrong in a row lock for 30 minutes. Each try is counted before it is
 * checked, in its own statement (never inside a money transaction), so a failure stays counted
 * although the call it guards fails.
 */
export async function verifyWithdrawPassword(db: Db, memberId: number, password: string): Promise<void> {
  const hash = await takeTry(db, memberId);
  if (hash === null) {
    const row = await find(db, memberId);
    if (!row) return fail('WITHDRAW_PASSWORD_UNSET');
    const locked = lockedUntil(row);
    // Not locked: five tries of this member are being checked at this moment.
    return locked ? fail('WITHDRAW_PASSWORD_LOCKED', { data: { lockedUntil: locked } }) : fail('HIGH_TRAFFIC');
  }
  if (!WITHDRAW_PASSWORD_PATTERN.test(password) || !(await verifySecret(hash, password))) return judgeWrong(db, memberId);
  await db.execute(sql`UPDATE wallet_withdraw_passwords SET failures = 0, locked_until = NULL WHERE member_id = ${memberId}`);
}

export async function updateWithdrawPassword(db: Db, memberId: number, oldPassword: string, password: string): Promise<void> {
  await verifyWithdrawPassword(db, memberId, oldPassword);
  await store(db, memberId, password);
}

/** Forgotten password: proven by the full number of a bound card or a bound USDT address. */
export async function resetWithdrawPassword(db: Db, memberId: number, proof: string, password: string): Promise<void> {
  if (!(await find(db, memberId))) fail('WITHDRAW_PASSWORD_UNSET');
  const owned = await oneOf<{ ok: number }>(
    db,
    sql`
    SELECT 1 AS ok FROM wallet_bank_cards WHERE member_id = ${memberId} AND deleted_at IS NULL AND card_num = ${compactCardNum(proof)}
    UNION ALL
    SELECT 1 FROM wallet_usdt_addresses WHERE member_id = ${memberId} AND deleted_at IS NULL AND address = ${proof.trim()}
    LIMIT 1`,
  );
  if (!owned) fail('RESET_PROOF_INVALID');
  await store(db, memberId, password);
}
