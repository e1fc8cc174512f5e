import { createHash, randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { CodeChannel, SendCodeData } from '@bp/contract';
import { takeTurns, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { fail } from '../../platform/http/index.ts';
import { getConfigValue } from '../site/index.ts';
import { verifyCodes } from './tables.ts';
import { maskDestination } from './contact.ts';
import { robotCheckFailed } from './verification.ts';

export const CODE_TTL_MS = 5 * 60_000;
export const RESEND_AFTER_MS = 60_000;
/** Wrong tries a code survives; then it is dead and a new one must be sent. */
export const MAX_CODE_ATTEMPTS = 5;

/** A code's address: which site, by SMS or email, to whom, for what. */
export interface CodeTarget {
  siteId: number;
  channel: CodeChannel;
  destination: string;
  scene: string;
}

const hashCode = (t: CodeTarget, code: string) => createHash('sha256').update(`${t.siteId}|${t.channel}|${t.destination}|${t.scene}|${code}`).digest('hex');
const sameTarget = (t: CodeTarget) =>
  and(eq(verifyCodes.siteId, t.siteId), eq(verifyCodes.channel, t.channel), eq(verifyCodes.destination, t.destination), eq(verifyCodes.scene, t.scene));

/** Out of the box every site is a sandbox: nothing is sent and the code is answered to the screen. */
export async function isSandbox(db: Db, siteId: number): Promise<boolean> {
  return (await getConfigValue(db, siteId, 'sandbox')) !== '0';
}

/** Who asks for a code: from which address, and how many codes it may ask for in the hour before the robot check. */
export interface CodeAsker {
  ip: string;
  freeTimes: number;
}

/**
 * Issues a 6-digit code to a target: at most one per minute, the newest replacing any earlier one;
 * an address past its free codes of the hour gets the robot check. Both limits are read and the
 * code written inside the turns of the address and the target, so a burst cannot pass them together.
 * Only the code's hash is stored. In a sandbox nothing leaves the server and the code is answered;
 * a live site's SMS and email providers are the operator's to connect (none ships with the platform).
 */
export async function issueCode(db: Db, target: CodeTarget, asker: CodeAsker): Promise<SendCodeData> {
  const now = clock.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await takeTurns(tx, `code-ip:${target.siteId}:${asker.ip}`, `code-to:${target.siteId}:${target.channel}:${target.destination}:${target.scene}`);
    const [last] = await tx
      .select({ createdAt: verifyCodes.createdAt })
      .from(verifyCodes)
      .where(sameTarget(target))
      .orderBy(desc(verifyCodes.createdAt))
      .limit(1);
    if (last && last.createdAt.getTime() > now - RESEND_AFTER_MS) {
      fail('SEND_TOO_OFTEN', { data: { resendAt: last.createdAt.getTime() + RESEND_AFTER_MS } });
    }
    if ((await codesSentFrom(tx, target.siteId, asker.ip)) >= asker.freeTimes) robotCheckFailed();
    await tx
      .update(verifyCodes)
      .set({ consumedAt: new Date(now) })
      .where(and(sameTarget(target), isNull(verifyCodes.consumedAt)));
    await tx.insert(verifyCodes).values({
      ...target,
      codeHash: hashCode(target, code),
      ip: asker.ip,
      createdAt: new Date(now),
      expiresAt: new Date(now + CODE_TTL_MS),
    });
  });
  const answer: SendCodeData = { expireAt: now + CODE_TTL_MS, resendAt: now + RESEND_AFTER_MS, to: maskDestination(target.channel, target.destination) };
  return (await isSandbox(db, target.siteId)) ? { ...answer, sandboxCode: code } : answer;
}

/**
 * Uses up the target's live code if `code` is it. Each try is counted before the code is compared,
 * atomically, so a burst of guesses gets no more than MAX_CODE_ATTEMPTS comparisons.
 */
export async function consumeCode(db: Db, target: CodeTarget, code: string): Promise<void> {
  const wrong = target.channel === 'sms' ? 'SMS_CODE_WRONG' : 'EMAIL_CODE_WRONG';
  const now = new Date(clock.now());
  const [live] = await db
    .select({ codeId: verifyCodes.codeId })
    .from(verifyCodes)
    .where(and(sameTarget(target), isNull(verifyCodes.consumedAt), gt(verifyCodes.expiresAt, now)))
    .orderBy(desc(verifyCodes.createdAt))
    .limit(1);
  if (!live) return fail(wrong);
  const [tried] = await db
    .update(verifyCodes)
    .set({ attempts: sql`${verifyCodes.attempts} + 1` })
    .where(and(eq(verifyCodes.codeId, live.codeId), lt(verifyCodes.attempts, MAX_CODE_ATTEMPTS), isNull(verifyCodes.consumedAt)))
    .returning({ codeHash: verifyCodes.codeHash });
  if (!tried || tried.codeHash !== hashCode(target, code.trim())) return fail(wrong);
  const used = await db
    .update(verifyCodes)
    .set({ consumedAt: now })
    .where(and(eq(verifyCodes.codeId, live.codeId), isNull(verifyCodes.consumedAt)))
    .returning({ id: verifyCodes.codeId });
  if (used.length === 0) fail(wrong);
}

/** How many codes this IP asked for on the site within the last hour (the robot check counts them). */
async function codesSentFrom(db: DbOrTx, siteId: number, ip: string): Promise<number> {
  const since = new Date(clock.now() - 3600_000);
  const [row] = await db
    .select({ n: count() })
    .from(verifyCodes)
    .where(and(eq(verifyCodes.siteId, siteId), eq(verifyCodes.ip, ip), gt(verifyCodes.createdAt, since)));
  return row?.n ?? 0;
}
