import type { Module } from '../../platform/deps.ts';

/**
 * The wallet's public surface. Other modules move money only through these functions, inside
 * their own transaction:
 *
 *   await db.transaction(async (tx) => {
 *     const owner = walletOwner(req.site, req.member!.memberId);
 *     const main = await memberAccount(tx, owner);
 *     const stakes = await houseAccount(tx, owner.siteId, owner.currency, 'stakes');
 *     await postTransfer(tx, { from: main, to: stakes, amountMinor: 1000n, kind: 'bet.stake', ref: `bet:${id}` });
 *   });
 *
 * postTransfer throws AppError INSUFFICIENT_BALANCE when a member account would go below zero and
 * TRANSFER_DUPLICATE when the (kind, ref) pair was already posted; either way nothing moved.
 */
export {
  memberAccount,
  houseAccount,
  walletOwner,
  HOUSE_ACCOUNTS,
  type WalletOwner,
  type MemberAccountKind,
  type HouseAccountName,
  type CurrencyCode,
} from './accounts.ts';
export { postTransfer, balanceOf, memberBalances, type TransferInput, type Posted, type MemberBalances } from './ledger.ts';

export const walletModule: Module = {
  name: 'wallet',
  install() {},
};
