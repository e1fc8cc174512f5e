import { createHmac } from 'node:crypto';

/**
 * Tests only: a second implementation of Stake's published scheme, written apart from the shared
 * one in packages/contract (originals/fair.ts) and straight on node:crypto, to recompute rounds
 * from revealed seeds. It shares no code with what it checks.
 */
export function referenceBytes(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const bytes: number[] = [];
  for (let round = 0; bytes.length < count; round++) {
    const hmac = createHmac('sha256', Buffer.from(serverSeed, 'utf8'));
    hmac.update(Buffer.from(`${clientSeed}:${String(nonce)}:${String(round)}`, 'utf8'));
    bytes.push(...hmac.digest());
  }
  return bytes.slice(0, count);
}

export function referenceFloats(serverSeed: string, clientSeed: string, nonce: number, count: number): number[] {
  const bytes = referenceBytes(serverSeed, clientSeed, nonce, count * 4);
  const floats: number[] = [];
  for (let i = 0; i < count; i++) {
    let float = 0;
    for (let j = 0; j < 4; j++) float += bytes[i * 4 + j] * Math.pow(256, -(j + 1));
    floats.push(float);
  }
  return floats;
}

type Seeds = [serverSeed: string, clientSeed: string, nonce: number];

export const referenceDice = (...s: Seeds): number => Math.floor(referenceFloats(...s, 1)[0] * 10001) / 100;

export const referenceLimbo = (...s: Seeds): number => {
  const float = referenceFloats(...s, 1)[0];
  return Math.max(1, Math.floor((1e8 / (float * 1e8)) * 0.99 * 100) / 100);
};

/** Picks `take` of `size` squares, each float choosing among those left (Fisher-Yates). */
function referencePicks(floats: number[], size: number, take: number): number[] {
  const left: number[] = [];
  for (let i = 0; i < size; i++) left.push(i);
  const picked: number[] = [];
  for (let i = 0; i < take; i++) {
    const at = Math.floor(floats[i] * left.length);
    picked.push(left[at]);
    left.splice(at, 1);
  }
  return picked;
}

export const referenceMines = (mines: number, ...s: Seeds): number[] => referencePicks(referenceFloats(...s, 24), 25, mines);

/** The plinko path: 1 (right) when a row's float is at least one half. */
export const referencePlinko = (rows: number, ...s: Seeds): number[] => referenceFloats(...s, rows).map((f) => (f >= 0.5 ? 1 : 0));

export const referenceKeno = (...s: Seeds): number[] => referencePicks(referenceFloats(...s, 10), 40, 10).map((n) => n + 1);
