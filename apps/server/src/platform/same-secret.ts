import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * Whether a secret a client sent equals ours, in constant time. Both are hashed first: equal-length
 * digests whatever either holds, so a value of another byte length (any non-ASCII character) is
 * an ordinary mismatch rather than timingSafeEqual's RangeError, and its length leaks nothing.
 */
export const sameSecret = (given: string, expected: string): boolean => timingSafeEqual(digest(given), digest(expected));
