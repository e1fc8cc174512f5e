import { z } from 'zod';
import { SerialId } from './ids.ts';
import { Amount, bankCardSchema, withdrawPasswordSchema } from './rules/schemas.ts';
import { BIND_FLOWS, WALLET_TYPES } from './enums.ts';

/**
 * The wallet's calls (API.md "Wallet", seed 7). Amounts are decimal numbers in the site's
 * currency with at most 2 decimals (`Amount`); the server keeps integer minor units.
 */
const Id = z.number().int().positive();
const Page = { page: z.number().int().min(1).default(1), size: z.number().int().min(1).max(100).default(20) };
const EpochMs = z.number().int().nonnegative();
export const Money = z.number();

export const WalletTypeData = z.object({ walletType: z.enum(WALLET_TYPES), currency: z.string(), symbol: z.string() });

/** `offered`: a product plays there, so money may go in; a venue not offered is listed only while it holds the member's money. */
export const VenueBalance = z.object({ api_name: z.string(), name: z.string(), balance: Money, status: z.number().int(), offered: z.boolean() });
/** `frozen`: held for withdrawals under review or on the way to or from a venue. */
export const BalanceData = z.object({
  currency: z.string(),
  main: Money,
  yeb: Money,
  frozen: Money,
  venues: z.array(VenueBalance),
  /** What a bet or a withdrawal may use now: main, and with auto-transfer (免转钱包) on, what the open venues hold too. */
  spendable: Money,
});

// Deposits -----------------------------------------------------------------------------------
export const PAY_KINDS = ['sandbox', 'bank', 'usdt'] as const;
export const USDT_NETWORKS = ['TRC20', 'ERC20'] as const;
export type UsdtNetwork = (typeof USDT_NETWORKS)[number];
export const PayType = z.object({
  payTypeId: z.number().int(),
  name: z.string(),
  min: Money,
  max: Money,
  kind: z.enum(PAY_KINDS),
  network: z.enum(USDT_NETWORKS).nullable(),
});
export const PayTypesData = z.array(PayType);

export const DEPOSIT_STATES = ['pending', 'reviewing', 'appealing', 'success', 'rejected', 'cancelled'] as const;
export type DepositState = (typeof DEPOSIT_STATES)[number];
export const PayValBody = z.object({ payTypeId: SerialId, amount: Amount, payerName: z.string().trim().max(48).optional() });
/** Where a bank transfer (speedPay) or a USDT payment goes. */
export const ReceiveAccount = z.object({
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  cardNum: z.string().nullable(),
  branch: z.string().nullable(),
  address: z.string().nullable(),
  network: z.enum(USDT_NETWORKS).nullable(),
  /** What to send in USDT for a USDT payment (the site's rate applied). */
  usdtAmount: Money.nullable(),
});
export const DepositOrder = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  payTypeId: z.number().int(),
  kind: z.enum(PAY_KINDS),
  amount: Money,
  status: z.enum(DEPOSIT_STATES),
  receive: ReceiveAccount.nullable(),
  hasProof: z.boolean(),
  appealReason: z.string().nullable(),
  createdAt: EpochMs,
});
export const PayValData = DepositOrder;
export const OrderIdBody = z.object({ orderId: Id });
export const OrdersBody = z.object({ ...Page, status: z.string().max(16).optional() });
export const DepositOrdersData = z.object({ list: z.array(DepositOrder), total: z.number().int() });
export const SpeedPayConfirmBody = z.object({ orderId: Id, payerName: z.string().trim().min(1).max(48) });
export const SpeedPayAppealBody = z.object({ orderId: Id, reason: z.string().trim().min(2).max(500) });
export const CancelCountData = z.object({ used: z.number().int(), limit: z.number().int(), remaining: z.number().int() });
/** Proof images: JPEG, PNG or WEBP up to 5 MB, sent as multipart field `file` with field `orderId`. */
export const PROOF_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const PROOF_MAX_BYTES = 5 * 1024 * 1024;
export const Bank = z.object({ bankCode: z.string(), bankName: z.string() });
export const BankListData = z.array(Bank);

// Withdrawals --------------------------------------------------------------------------------
export const WithdrawPasswordStatusData = z.object({ isSet: z.boolean(), lockedUntil: EpochMs.nullable(), required: z.boolean() });
export const WithdrawPasswordSetBody = z.object({ password: withdrawPasswordSchema });
export const WithdrawPasswordUpdateBody = z.object({ oldPassword: z.string().max(16), password: withdrawPasswordSchema });
/** Forgotten: proven with the full number of a bound bank card, or a bound USDT address. */
export const WithdrawPasswordResetBody = z.object({ proof: z.string().trim().min(1).max(64), password: withdrawPasswordSchema });

export const BankCard = z.object({
  cardId: z.number().int(),
  bankCode: z.string(),
  bankName: z.string(),
  /** Masked: only the last 4 digits show; the client groups by 4. */
  cardNum: z.string(),
  realName: z.string(),
  branch: z.string().nullable(),
  createdAt: EpochMs,
});
export const BankCardAddBody = z.object({ bankCode: z.string().min(1).max(16), cardNum: bankCardSchema, branch: z.string().trim().max(64).optional() });
export const UsdtAddress = z.object({
  addressId: z.number().int(),
  network: z.enum(USDT_NETWORKS),
  address: z.string(),
  alias: z.string(),
  createdAt: EpochMs,
});
export const UsdtAddressAddBody = z.object({ network: z.enum(USDT_NETWORKS), address: z.string().trim().max(64), alias: z.string().trim().max(24).optional() });
export const CardIdBody = z.object({ cardId: Id });
export const AddressIdBody = z.object({ addressId: Id });
export const BankCardsData = z.array(BankCard);
export const UsdtAddressesData = z.array(UsdtAddress);

export const BindFlowData = z.object({ flow: z.enum(BIND_FLOWS).nullable(), missing: z.array(z.string()) });
export const WithdrawLimits = z.object({
  min: Money,
  max: Money,
  /** Fee in percent of the amount, charged after the free withdrawals of the day. */
  feePercent: z.number(),
  freeTimesPerDay: z.number().int(),
  usedTimesToday: z.number().int(),
  turnoverRequired: Money,
  /** The deposits' turnover still to stake plus the bonus wagering still open. */
  turnoverRemaining: Money,
  /** Bonus wagering still open (part of turnoverRemaining): a withdrawal before it is met forfeits bonusForfeit, once confirmed. */
  bonusWagerRemaining: Money,
  bonusForfeit: Money,
});
export const WithdrawPromptData = WithdrawLimits.extend({ tips: z.array(z.string()) });
export const WithdrawPrepareBody = z.object({ amount: Amount.optional() });
export const WithdrawPrepareData = WithdrawLimits.extend({
  balance: Money,
  withdrawable: Money,
  fee: Money,
  receivable: Money,
  bankCards: BankCardsData,
  addresses: UsdtAddressesData,
  flow: z.enum(BIND_FLOWS).nullable(),
  passwordLockedUntil: EpochMs.nullable(),
});
export const WithdrawNewBody = z
  .object({ amount: Amount, withdrawPassword: z.string().max(16), cardId: Id.optional(), addressId: Id.optional(), forfeitBonus: z.boolean().optional() })
  .refine((b) => (b.cardId === undefined) !== (b.addressId === undefined), { message: '请选择一张银行卡或一个USDT地址', path: ['cardId'] });
export const UsdtWithdrawBody = z.object({ amount: Amount, withdrawPassword: z.string().max(16), addressId: Id, forfeitBonus: z.boolean().optional() });
export const WITHDRAW_STATES = ['pending', 'paid', 'rejected', 'cancelled'] as const;
export const WithdrawOrder = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  amount: Money,
  fee: Money,
  receivable: Money,
  /** What the payout sends in USDT, for a USDT address. */
  usdtAmount: Money.nullable(),
  status: z.enum(WITHDRAW_STATES),
  destination: z.string(),
  createdAt: EpochMs,
});
export const WithdrawOrdersData = z.object({ list: z.array(WithdrawOrder), total: z.number().int() });

// Venue transfers (seed 3: transfer_out, api_name) ---------------------------------------------
export const TransferBody = z.object({ api_name: z.string().min(1).max(16), amount: Amount, transfer_out: z.boolean() });
export const TransferData = z.object({ main: Money, venue: Money });
export const RecoverData = z.object({ main: Money, pending: z.array(z.string()) });
export const AutoTransferBody = z.object({ status: z.boolean() });
export const AutoTransferData = z.object({ status: z.boolean() });

// Interest wallet (yeb) --------------------------------------------------------------------------
export const YebConfigData = z.object({
  /** Daily rate in percent, e.g. 0.02 = 0.02% a day. */
  dailyRatePercent: z.number(),
  min: Money,
  lockHours: z.number().int(),
  balance: Money,
  /** Part of the balance still inside its lock period. */
  locked: Money,
  /** Accrued interest not yet received. */
  receivable: Money,
  totalInterest: Money,
  /** Interest is floored to the minor unit at each daily accrual (Asia/Shanghai midnight). */
  rounding: z.literal('floor'),
});
export const YebAmountBody = z.object({ amount: Amount });
export const YebMoveData = z.object({ main: Money, yeb: Money });
export const YebReceiveData = z.object({ received: Money, main: Money });

// History (queryDealRecord) ------------------------------------------------------------------------
export const DEAL_TYPES = ['deposit', 'withdraw', 'transfer', 'bet', 'yeb', 'bonus', 'adjust'] as const;
export type DealType = (typeof DEAL_TYPES)[number];
export const DealRecordBody = z
  .object({ ...Page, type: z.enum(DEAL_TYPES).optional(), startTime: EpochMs.optional(), endTime: EpochMs.optional() })
  .refine((b) => b.startTime === undefined || b.endTime === undefined || b.endTime >= b.startTime, { message: '结束时间须晚于开始时间', path: ['endTime'] });
export const DealRecord = z.object({
  id: z.number().int(),
  type: z.string(),
  typeName: z.string(),
  /** What the member reads under it: the order number, or where the money went (zh-CN); `ref` and `memo` are ours. */
  detail: z.string(),
  kind: z.string(),
  wallet: z.enum(['main', 'yeb']),
  /** Signed: credits positive, debits negative. */
  amount: Money,
  balanceAfter: Money,
  ref: z.string(),
  memo: z.string().nullable(),
  createdAt: EpochMs,
});
export const DealRecordData = z.object({ list: z.array(DealRecord), total: z.number().int() });

export const PayCallbackData = z.object({ received: z.boolean(), status: z.string() });
