import argon2 from 'argon2';
import { DIGEST_LENGTH, loginDigest } from '@bp/contract';

/**
 * Passwords are stored as argon2id of the client digest MD5(lower(name) + password), so a login
 * may send either the plain password or its 32-character digest (seed 5) and both verify.
 */
export function digestOf(name: string, password: string): string {
  return password.length === DIGEST_LENGTH && /^[0-9a-f]{32}$/i.test(password) ? password.toLowerCase() : loginDigest(name, password);
}

export const hashPassword = (name: string, password: string): Promise<string> =>
  argon2.hash(digestOf(name, password), { type: argon2.argon2id });

export const verifyPassword = (hash: string, name: string, password: string): Promise<boolean> =>
  argon2.verify(hash, digestOf(name, password)).catch(() => false);

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
