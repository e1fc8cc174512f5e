import { eq } from 'drizzle-orm';
import type { Db } from '../../platform/db/index.ts';
import { SandboxVenue } from './sandbox.ts';
import { venues } from './tables.ts';
import { venuesChanged } from './registry.ts';

/**
 * Tests: a member's result at a sandbox venue while nothing is in flight, as a game round would
 * leave it: a win paid in full, a loss of at most what the member holds there. Answers the
 * balance after.
 */
export async function playAtVenue(db: Db, apiName: string, memberId: number, resultMinor: bigint): Promise<bigint> {
  const venue = new SandboxVenue(db, apiName);
  const held = await venue.balance(memberId);
  const stake = resultMinor < 0n ? (-resultMinor < held ? -resultMinor : held) : 0n;
  return (await venue.play(memberId, stake, resultMinor > 0n ? resultMinor : 0n)) ?? held;
}

/** Tests: puts a venue under maintenance (any status but 0) or opens it again (0), as the operator would. */
export async function setVenueStatus(db: Db, apiName: string, status: number): Promise<void> {
  await db.update(venues).set({ status }).where(eq(venues.apiName, apiName));
  venuesChanged();
}
