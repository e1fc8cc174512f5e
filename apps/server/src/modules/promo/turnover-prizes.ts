import type { Db } from '../../platform/db/index.ts';
import { listSites } from '../site/index.ts';
import { rewardFriendsDue } from './invite.ts';
import { grantStagesDue } from './barrier.ts';

/** How often valid turnover is looked at for the prizes it earned. */
export const TURNOVER_PRIZES_EVERY_MS = 60_000;

/**
 * Valid turnover earns the inviter's reward for a friend (邀请好友) and the 闯关 stages, but it is
 * recorded by the vip module with no word to us; a deposit or a look at the page grants them at
 * once, this pass grants everyone's, so a prize waits in the welfare centre though nobody looks.
 * Candidates are found set-based per site and activity, then each is granted in its own
 * transaction by the pages' own once-only paths (the record's ref, the activity's lock and
 * budget): a kill between two loses nothing, the next pass finishes, and two instances agree.
 */
export async function grantTurnoverPrizes(db: Db): Promise<void> {
  const { byId } = await listSites(db);
  for (const site of byId.values()) {
    await rewardFriendsDue(db, site);
    await grantStagesDue(db, site);
  }
}
