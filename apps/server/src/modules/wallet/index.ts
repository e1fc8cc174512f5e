import path from 'node:path';
import type { Module } from '../../platform/deps.ts';
import { walletRoutes } from './routes.ts';
import { speedPayRoutes } from './speed-pay-routes.ts';
import { withdrawRoutes } from './withdraw-routes.ts';
import { yebRoutes } from './yeb-routes.ts';
import { seedWallet } from './demo.ts';
import { startWalletJobs } from './jobs.ts';

/**
 * The wallet's public surface. Other modules move money only through these functions, inside
 * their own transaction:
 *
 *   await db.transaction(async (tx) => {
 *     const owner = walletOwner(req.site, req.member.memberId);
 *     const main = await memberAccount(tx, owner);
 *     const stakes = await houseAccount(tx, owner.siteId, owner.currency, 'stakes');
 *     await postTransfer(tx, { from: main, to: stakes, amountMinor: 1000n, kind: 'bet.stake', ref: `bet:${id}` });
 *   });
 *   await announceBalance(deps, owner, 'bet');   // after the commit
 *
 * A product whose every member posts to the same house account (stakes, payouts) uses the member's
 * slice of it instead, in one round trip: postWithHouseSlice(tx, owner, { house: 'stakes', toHouse:
 * true, ... }). Money sent back later moves between the original transfer's own accounts
 * (postedTransfer(tx, kind, ref)), never ones looked up afresh.
 *
 * postTransfer throws AppError INSUFFICIENT_BALANCE when a member account would go below zero and
 * TRANSFER_DUPLICATE when the (kind, ref) pair was already posted; either way nothing moved.
 * Kinds are '<category>.<step>'; the category is the deal-record type members filter by
 * ('bet', 'bonus', ...); stakes of kind 'bet.stake…' out of the main wallet, less 'bet.refund', count as turnover.
 */
export {
  memberAccount,
  memberAccounts,
  houseAccount,
  goldAccounts,
  giftAccounts,
  GOLD,
  walletOwner,
  memberAccountKey,
  houseSliceKey,
  anchorAccountKey,
  HOUSE_ACCOUNTS,
  HOUSE_SLICES,
  nextHouseSlice,
  type WalletOwner,
  type MemberAccountKind,
  type HouseAccountName,
  type CurrencyCode,
  type LedgerCurrency,
  type AccountRef,
} from './accounts.ts';
export {
  postTransfer,
  postWithHouseSlice,
  postTransfers,
  postTransfersCall,
  postedOutcomes,
  type PostedRow,
  lockPostings,
  houseSlicePosting,
  lockAccounts,
  lockBalances,
  postedTransfer,
  balanceOf,
  lockedBalanceOf,
  balancesOf,
  memberBalances,
  type TransferInput,
  type HouseSliceTransfer,
  type Posted,
  type PostedTransfer,
  type BatchPosting,
  type BatchPosted,
  type LockedPosting,
  type MemberBalances,
} from './ledger.ts';
export { announceBalance } from './announce.ts';
export { gatherBeforeSpend, gatherToMain, type Gatherer } from './gather.ts';
/** For member info (seed 3): bank cards with masked `cardNum`, virtual-currency `address`es. */
export { payoutAccounts } from './destinations.ts';
/** Operator decisions (the back office calls these). */
export { approveDeposit, rejectDeposit } from './speed-pay.ts';
/** Deposits credited, told inside the crediting transaction (the promo module's deposit bonuses). */
export { whenDepositCredited, type DepositCredited } from './deposits.ts';
export { approveWithdrawal, rejectWithdrawal } from './withdrawals.ts';
/** The back office's review queues and risk view. */
export {
  listWithdrawalsForReview,
  withdrawalForReview,
  withdrawalRisk,
  listDepositsForReview,
  depositForReview,
  depositProof,
  type ReviewQuery,
  type WithdrawalForReview,
  type DepositForReview,
} from './review.ts';
export { dailyMoney, memberMoney, moneyReport, ggrOf, transfersOf, type DayMoney, type MoneyFigures, type ReportGroup, type LedgerRef } from './reports.ts';
export { countVenueBookPlay, type VenueBookPlay } from './reports.ts';
export { accrueInterest } from './yeb.ts';
/** The site's wallet settings (the back office reads the adjustment threshold). */
export { walletSettings } from './settings.ts';
export { confirmChainPayments } from './sandbox-gateway.ts';
export { auditLedger, type LedgerAudit } from './audit.ts';
/** Other modules' part of the withdrawal terms (the vip module's bonus turnover and level limits), and deposits to date. */
export {
  addWithdrawTerms,
  addBonusForfeit,
  depositedTotal,
  depositedTotals,
  stakedTotal,
  type WithdrawTerms,
  type WithdrawTermsSource,
  type BonusForfeit,
} from './withdraw-terms.ts';

export const walletModule: Module = {
  name: 'wallet',
  sqlFunctions: path.join(import.meta.dirname, 'sql'),
  async install(app, deps) {
    walletRoutes(app, deps);
    await speedPayRoutes(app, deps);
    withdrawRoutes(app, deps);
    yebRoutes(app, deps);
  },
  seed: seedWallet,
  async start(deps) {
    return startWalletJobs(deps);
  },
};
