import { and, eq, lt, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { OPERATOR_ROLES, type OperatorRole } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { AppError, fail } from '../../platform/http/index.ts';
import { clock } from '../../platform/clock.ts';
import { hashSecret, verifySecret } from '../auth/index.ts';
import { operators, type OperatorRow } from './tables.ts';

/**
 * Operators: accounts of the back office, never members. A password (argon2id) and a TOTP code
 * (RFC 6238, 30 s, 6 digits) sign one in; five failures in a row lock the account for 15 minutes;
 * each code is good once.
 */

const ISSUER = '运营后台';
const MAX_FAILURES = 5;
const LOCK_MS = 15 * 60_000;
const PERIOD_S = 30;

export interface NewOperator {
  name: string;
  password: string;
  roles: OperatorRole[];
  siteIds?: number[] | null;
}

export const totpOf = (name: string, secret: string) =>
  new TOTP({ issuer: ISSUER, label: name, algorithm: 'SHA1', digits: 6, period: PERIOD_S, secret: Secret.fromBase32(secret) });

export const operatorView = (o: OperatorRow) => ({
  operatorId: o.operatorId,
  name: o.name,
  roles: o.roles as OperatorRole[],
  siteIds: o.siteIds,
  status: o.status as 'active' | 'disabled',
  createdAt: o.createdAt.getTime(),
  lastLoginAt: o.lastLoginAt?.getTime() ?? null,
});

const uniqueRoles = (roles: readonly string[]): OperatorRole[] => OPERATOR_ROLES.filter((role) => roles.includes(role));

/** Creates an operator; answers it with its two-factor secret as an otpauth:// URI (shown once). */
export async function createOperator(db: Db, input: NewOperator) {
  const secret = new Secret({ size: 20 }).base32;
  const row = await db
    .insert(operators)
    .values({
      name: input.name,
      passwordHash: await hashSecret(input.password),
      totpSecret: secret,
      roles: uniqueRoles(input.roles),
      siteIds: input.siteIds ?? null,
    })
    .onConflictDoNothing()
    .returning();
  if (row.length === 0) fail('OPERATOR_NAME_TAKEN');
  return { operator: operatorView(row[0]), otpauthUri: totpOf(input.name, secret).toString() };
}

export async function listOperators(db: Db) {
  return { list: (await db.select().from(operators).orderBy(operators.operatorId)).map(operatorView) };
}

export async function findOperator(db: Db, operatorId: number): Promise<OperatorRow> {
  const [row] = await db.select().from(operators).where(eq(operators.operatorId, operatorId));
  return row ?? fail('OPERATOR_NOT_FOUND');
}

export interface OperatorChange {
  roles?: OperatorRole[];
  siteIds?: number[] | null;
  status?: 'active' | 'disabled';
}

/** Changes an operator's roles, sites or status; one active super admin always remains. */
export async function updateOperator(db: Db, operatorId: number, change: OperatorChange) {
  return db.transaction(async (tx) => {
    // Changes of operators take turns, so two super admins cannot demote each other at once.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(7243017)`);
    const [before] = await tx.select().from(operators).where(eq(operators.operatorId, operatorId));
    if (!before) fail('OPERATOR_NOT_FOUND');
    const [after] = await tx
      .update(operators)
      .set({
        ...(change.roles ? { roles: uniqueRoles(change.roles) } : {}),
        ...(change.siteIds !== undefined ? { siteIds: change.siteIds } : {}),
        ...(change.status ? { status: change.status } : {}),
      })
      .where(eq(operators.operatorId, operatorId))
      .returning();
    const [{ supers }] = await tx
      .select({ supers: sql<string>`count(*)` })
      .from(operators)
      .where(and(eq(operators.status, 'active'), sql`'super' = ANY(${operators.roles})`));
    if (Number(supers) === 0) fail('OPERATOR_LAST_SUPER');
    return { after: operatorView(after) };
  });
}

let decoy: Promise<string> | null = null;

/**
 * Checks a sign-in: name, password and a fresh TOTP code. Any wrong part answers the same
 * OPERATOR_LOGIN_FAILED (and an unknown name costs the same argon2 work), so nothing tells which.
 */
export async function checkSignIn(db: Db, name: string, password: string, code: string): Promise<OperatorRow> {
  const [operator] = await db.select().from(operators).where(eq(operators.name, name));
  const now = clock.now();
  if (!operator) {
    decoy ??= hashSecret('decoy-password-0');
    await verifySecret(await decoy, password);
    return fail('OPERATOR_LOGIN_FAILED');
  }
  if (operator.lockedUntil && operator.lockedUntil.getTime() > now) fail('OPERATOR_LOCKED');
  const passwordOk = await verifySecret(operator.passwordHash, password);
  const delta = totpOf(operator.name, operator.totpSecret).validate({ token: code, timestamp: now, window: 1 });
  const step = delta === null ? null : Math.floor(now / 1000 / PERIOD_S) + delta;
  if (!passwordOk || step === null || step <= operator.lastTotpStep) {
    const failures = operator.failures + 1;
    const locks = failures >= MAX_FAILURES;
    await db
      .update(operators)
      .set({ failures: locks ? 0 : failures, lockedUntil: locks ? new Date(now + LOCK_MS) : operator.lockedUntil })
      .where(eq(operators.operatorId, operator.operatorId));
    throw new AppError(locks ? 'OPERATOR_LOCKED' : 'OPERATOR_LOGIN_FAILED');
  }
  if (operator.status !== 'active') fail('OPERATOR_DISABLED');
  // The step is claimed in the same statement that checks it: two logins with one code, one wins.
  const claimed = await db
    .update(operators)
    .set({ failures: 0, lockedUntil: null, lastTotpStep: step, lastLoginAt: new Date(now) })
    .where(and(eq(operators.operatorId, operator.operatorId), lt(operators.lastTotpStep, step)))
    .returning();
  return claimed[0] ?? fail('OPERATOR_LOGIN_FAILED');
}
