import argon2 from 'argon2';
import { DIGEST_LENGTH, loginDigest } from '@bp/contract';

/**
 * Passwords are stored as argon2id of the client digest MD5(lower(name) + password), so a login
 * may send either the plain password or its 32-character digest (seed 5) and both verify.
 */
export function digestOf(name: string, password: string): string {
  return password.length === DIGEST_LENGTH && /^[0-9a-f]{32}$/i.test(password) ? password.toLowerCase() : loginDigest(name, password);
}

/** What production stores: argon2id at the library's defaults (64 MiB, 3 passes, 4 lanes). */
export const PASSWORD_HASHING: argon2.Options = { type: argon2.argon2id };
/**
 * Tests only: one argon2id pass over 1 MiB. A test run registers hundreds of members, and at the
 * production cost hashing was most of its time. A hash carries its own parameters, so either kind
 * verifies the same way.
 */
export const TEST_PASSWORD_HASHING: argon2.Options = { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 };
let hashing = PASSWORD_HASHING;

/** Tests only (the test harness): how this process hashes passwords from now on. */
export function setPasswordHashing(options: argon2.Options): void {
  hashing = options;
}

/** A secret (a login digest, a withdrawal password) as stored: argon2id. */
export const hashSecret = (secret: string): Promise<string> => argon2.hash(secret, hashing);
export const verifySecret = (hash: string, secret: string): Promise<boolean> => argon2.verify(hash, secret).catch(() => false);

export const hashPassword = (name: string, password: string): Promise<string> => hashSecret(digestOf(name, password));

export const verifyPassword = (hash: string, name: string, password: string): Promise<boolean> => verifySecret(hash, digestOf(name, password));

let decoy: Promise<string> | null = null;

/**
 * Whether a password is the member's. An unknown name costs the same argon2 work as a known one,
 * so the answer's timing does not tell which names exist.
 */
export async function passwordMatches(member: { passwordHash: string; name: string } | null, password: string): Promise<boolean> {
  if (member) return verifyPassword(member.passwordHash, member.name, password);
  decoy ??= hashPassword('decoy', 'decoy0000');
  await verifyPassword(await decoy, 'nobody', password);
  return false;
}
