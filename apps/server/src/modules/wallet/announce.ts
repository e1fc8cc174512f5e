import { channel, fromMinor } from '@bp/contract';
import type { Deps } from '../../platform/deps.ts';
import { memberAccount, type WalletOwner } from './accounts.ts';
import { balanceOf } from './ledger.ts';

/**
 * After a commit that moved a member's money: tells their open clients to re-read balances. Pass
 * `main` when the caller already knows the main balance after the move.
 */
export async function announceBalance(deps: Pick<Deps, 'db' | 'bus'>, owner: WalletOwner, reason: string, main?: number): Promise<void> {
  main ??= fromMinor(await balanceOf(deps.db, await memberAccount(deps.db, owner)));
  await deps.bus.publish(channel.user(owner.memberId), 'wallet.balance', { main, reason });
}
