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
 * Checks the password; a wrong one counts, and the fifth in a row locks for 30 minutes. Runs in
 * its own statements (never inside a money transaction) so a failure is counted even though the
 * call it guards fails.
 */
export async function verifyWithdrawPassword(db: Db, memberId: number, password: string): Promise<void> {
  const row = await find(db, memberId);
  if (!row) return fail('WITHDRAW_PASSWORD_UNSET');
  const locked = lockedUntil(row);
  if (locked) fail('WITHDRAW_PASSWORD_LOCKED', { data: { lockedUntil: locked } });
  if (WITHDRAW_PASSWORD_PATTERN.test(password) && (await verifySecret(row.password_hash, password))) {
    if (row.failures > 0 || row.locked_until) {
      await db.execute(sql`UPDATE wallet_withdraw_passwords SET failures = 0, locked_until = NULL WHERE member_id = ${memberId}`);
    }
    return;
  }
  const counted = await oneOf<{ failures: number }>(db, sql`
    UPDATE wallet_withdraw_passwords SET failures = failures + 1 WHERE member_id = ${memberId} RETURNING failures`);
  const failures = counted?.failures ?? MAX_FAILURES;
  if (failures >= MAX_FAILURES) {
    const until = clock.now() + LOCK_MS;
    await db.execute(sql`UPDATE wallet_withdraw_passwords SET failures = 0, locked_until = ${new Date(until)} WHERE member_id = ${memberId}`);
    fail('WITHDRAW_PASSWORD_LOCKED', { data: { lockedUntil: until } });
  }
  fail('WITHDRAW_PASSWORD_WRONG', { msg: `资金密码错误，还可尝试${MAX_FAILURES - failures}次`, data: { remaining: MAX_FAILURES - failures } });
}

export async function updateWithdrawPassword(db: Db, memberId: number, oldPassword: string, password: string): Promise<void> {
  await verifyWithdrawPassword(db, memberId, oldPassword);
  await store(db, memberId, password);
}

/** Forgotten password: proven by the full number of a bound card or a bound USDT address. */
export async function resetWithdrawPassword(db: Db, memberId: number, proof: string, password: string): Promise<void> {
  if (!(await find(db, memberId))) fail('WITHDRAW_PASSWORD_UNSET');
  const owned = await oneOf<{ ok: number }>(db, sql`
    SELECT 1 AS ok FROM wallet_bank_cards WHERE member_id = ${memberId} AND deleted_at IS NULL AND card_num = ${compactCardNum(proof)}
    UNION ALL
    SELECT 1 FROM wallet_usdt_addresses WHERE member_id = ${memberId} AND deleted_at IS NULL AND address = ${proof.trim()}
    LIMIT 1`);
  if (!owned) fail('RESET_PROOF_INVALID');
  await store(db, memberId, password);
}
