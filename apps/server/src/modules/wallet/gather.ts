import type { Db } from '../../platform/db/index.ts';
import type { IdempotencyKey } from '../../platform/idempotency.ts';
import type { WalletOwner } from './accounts.ts';

/**
 * Brings money a member holds elsewhere (at venues) back to the main wallet, under a key of its own
 * derived from `key`; what sits at `keep` (the venue being launched) stays there.
 */
export type Gatherer = (db: Db, owner: WalletOwner, key: IdempotencyKey, keep?: string) => Promise<void>;

// Registered once per process by the modules that hold money outside the wallet (the venue module
// at its import), so the wallet never imports them: they depend on it.
const gatherers = new Set<Gatherer>();

export function gatherBeforeSpend(gatherer: Gatherer): void {
  gatherers.add(gatherer);
}

/**
 * Before main is spent (a bet, a withdrawal, another venue's launch): what the member's auto-transfer
 * left at venues comes back first, so 免转钱包 means the member never moves money by hand. A repeat
 * of the call's key moves nothing twice (each gatherer keys its own moves on it).
 */
export async function gatherToMain(db: Db, owner: WalletOwner, key: IdempotencyKey, keep?: string): Promise<void> {
  for (const gather of gatherers) await gather(db, owner, key, keep);
}
