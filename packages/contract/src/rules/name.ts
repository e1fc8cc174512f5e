import { DIGEST_LENGTH } from '../crypto.ts';

/** Seed 5: the login and register flows lower-case the name before hashing it with the password. */
export const nameForHashing = (name: string): string => name.toLowerCase();

/** Seed 5: a login password of exactly 32 (hex) characters is the client's digest, already hashed. */
export const isPasswordDigest = (password: string): boolean => password.length === DIGEST_LENGTH && /^[0-9a-f]+$/i.test(password);
