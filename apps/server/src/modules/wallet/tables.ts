import { sql } from 'drizzle-orm';
import { bigserial, date, index, integer, jsonb, pgTable, primaryKey, serial, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { bigId, bytea, minor, timestamptz as at } from '../../platform/db/index.ts';

/**
 * The wallet's tables: the double-entry ledger, deposits, withdrawals, the interest wallet (yeb).
 * Money in integer minor units. Its SQL functions are in sql/. src/test/schema.test.ts holds these
 * to the migrated database.
 */

/**
 * An account and its balance. A member's never goes below zero (CHECK member_balance_not_negative);
 * a house account's may. Natural key: 'member:<id>:<kind>[:<venue>]', 'house:<site>:<currency>:<name>' or
 * 'anchor:<anchorId>:<site>:GOLD' (gold coins given to a streamer).
 */
export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    accountId: bigserial('account_id', { mode: 'number' }).primaryKey(),
    accountKey: text('account_key').notNull().unique('wallet_accounts_account_key_key'),
    siteId: integer('site_id').notNull(),
    /** CNY | USDT | GOLD (gold coins of the site) */
    currency: text('currency').notNull(),
    /** main | venue | yeb | bonus | hold | transit | gold | house | anchor (house and anchor accounts have no member) */
    kind: text('kind').notNull(),
    memberId: bigId('member_id'),
    name: text('name').notNull().default(''),
    balance: minor('balance').notNull().default(0n),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('wallet_accounts_member')
      .on(t.memberId)
      .where(sql`member_id IS NOT NULL`),
  ],
);

/** One movement between two accounts; immutable (trigger wallet_transfers_no_update). A (kind, ref) pair moves money once. */
export const walletTransfers = pgTable(
  'wallet_transfers',
  {
    transferId: bigserial('transfer_id', { mode: 'number' }).primaryKey(),
    fromAccount: bigId('from_account').notNull(),
    toAccount: bigId('to_account').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    /** what moved the money: 'deposit', 'bet.stake', 'transfer.reserve', ... */
    kind: text('kind').notNull(),
    /** the business record it belongs to */
    ref: text('ref').notNull(),
    memo: text('memo'),
    fromBalanceAfter: minor('from_balance_after').notNull(),
    toBalanceAfter: minor('to_balance_after').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('wallet_transfers_kind_ref_key').on(t.kind, t.ref),
    index('wallet_transfers_from').on(t.fromAccount, t.transferId),
    index('wallet_transfers_to').on(t.toAccount, t.transferId),
    index('wallet_transfers_created').using('brin', t.createdAt),
  ],
);

/** Payment gateways with the HMAC-SHA256 key of their callbacks: 'sandbox', 'sandbox-chain', or a real one's code. */
export const walletPayChannels = pgTable('wallet_pay_channels', {
  channel: text('channel').primaryKey(),
  name: text('name').notNull(),
  secret: text('secret').notNull(),
});

export const walletPayTypes = pgTable('wallet_pay_types', {
  payTypeId: serial('pay_type_id').primaryKey(),
  siteId: integer('site_id').notNull(),
  name: text('name').notNull(),
  /** sandbox | bank | usdt (a usdt type has a network) */
  kind: text('kind').notNull(),
  channel: text('channel').notNull(),
  /** TRC20 | ERC20 */
  network: text('network'),
  minMinor: minor('min_minor').notNull(),
  maxMinor: minor('max_minor').notNull(),
  /** the operator's bank account of a speedPay type */
  receive: jsonb('receive'),
  status: text('status').notNull().default('1'),
  sort: integer('sort').notNull().default(0),
});

export const walletBanks = pgTable(
  'wallet_banks',
  {
    siteId: integer('site_id').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.bankCode] })],
);

/** A gateway's order is credited once, however often it calls back; success has its credit transfer. */
export const walletDepositOrders = pgTable(
  'wallet_deposit_orders',
  {
    orderId: bigserial('order_id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull().unique('wallet_deposit_orders_order_no_key'),
    memberId: bigId('member_id').notNull(),
    siteId: integer('site_id').notNull(),
    currency: text('currency').notNull(),
    payTypeId: integer('pay_type_id').notNull(),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    /** pending | reviewing | appealing | success | rejected | cancelled */
    status: text('status').notNull().default('pending'),
    receive: jsonb('receive'),
    payerName: text('payer_name'),
    appealReason: text('appeal_reason'),
    gatewayOrderId: text('gateway_order_id'),
    creditTransfer: bigId('credit_transfer'),
    reviewNote: text('review_note'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
    cancelledAt: at('cancelled_at'),
  },
  (t) => [
    unique('wallet_deposit_orders_channel_gateway_order_id_key').on(t.channel, t.gatewayOrderId),
    index('wallet_deposit_orders_member').on(t.memberId, t.orderId.desc()),
    index('wallet_deposit_orders_cancelled')
      .on(t.memberId, t.cancelledAt)
      .where(sql`status = 'cancelled'`),
  ],
);

export const walletDepositProofs = pgTable('wallet_deposit_proofs', {
  orderId: bigId('order_id').primaryKey(),
  mime: text('mime').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  bytes: bytea('bytes').notNull(),
  uploadedAt: at('uploaded_at').notNull().defaultNow(),
});

/** argon2id of the 6 digits, which are never stored; locked a while after too many wrong tries. */
export const walletWithdrawPasswords = pgTable('wallet_withdraw_passwords', {
  memberId: bigId('member_id').primaryKey(),
  passwordHash: text('password_hash').notNull(),
  failures: integer('failures').notNull().default(0),
  lockedUntil: at('locked_until'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A card belongs to one member of a site at a time. */
export const walletBankCards = pgTable(
  'wallet_bank_cards',
  {
    cardId: bigserial('card_id', { mode: 'number' }).primaryKey(),
    memberId: bigId('member_id').notNull(),
    siteId: integer('site_id').notNull(),
    bankCode: text('bank_code').notNull(),
    cardNum: text('card_num').notNull(),
    realName: text('real_name').notNull(),
    branch: text('branch'),
    createdAt: at('created_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    uniqueIndex('wallet_bank_cards_live')
      .on(t.siteId, t.cardNum)
      .where(sql`deleted_at IS NULL`),
    index('wallet_bank_cards_member')
      .on(t.memberId)
      .where(sql`deleted_at IS NULL`),
  ],
);

export const walletUsdtAddresses = pgTable(
  'wallet_usdt_addresses',
  {
    addressId: bigserial('address_id', { mode: 'number' }).primaryKey(),
    memberId: bigId('member_id').notNull(),
    siteId: integer('site_id').notNull(),
    /** TRC20 | ERC20 */
    network: text('network').notNull(),
    address: text('address').notNull(),
    alias: text('alias').notNull().default(''),
    createdAt: at('created_at').notNull().defaultNow(),
    deletedAt: at('deleted_at'),
  },
  (t) => [
    uniqueIndex('wallet_usdt_addresses_live')
      .on(t.siteId, t.network, t.address)
      .where(sql`deleted_at IS NULL`),
    index('wallet_usdt_addresses_member')
      .on(t.memberId)
      .where(sql`deleted_at IS NULL`),
  ],
);

/** Paid to a card or to an address, never both. */
export const walletWithdrawOrders = pgTable(
  'wallet_withdraw_orders',
  {
    orderId: bigserial('order_id', { mode: 'number' }).primaryKey(),
    orderNo: text('order_no').notNull().unique('wallet_withdraw_orders_order_no_key'),
    memberId: bigId('member_id').notNull(),
    siteId: integer('site_id').notNull(),
    currency: text('currency').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    feeMinor: minor('fee_minor').notNull().default(0n),
    /** what a USDT payout sends, in USDT minor units */
    usdtMinor: minor('usdt_minor'),
    cardId: bigId('card_id'),
    addressId: bigId('address_id'),
    /** the masked label shown to the member */
    destination: text('destination').notNull(),
    /** the full card number or address, for the operator */
    payoutTo: text('payout_to').notNull(),
    /** pending | paid | rejected | cancelled */
    status: text('status').notNull().default('pending'),
    reviewNote: text('review_note'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('wallet_withdraw_orders_member').on(t.memberId, t.orderId.desc())],
);

/** The interest wallet's terms per site. */
export const walletYebConfig = pgTable('wallet_yeb_config', {
  siteId: integer('site_id').primaryKey(),
  /** parts per million per day */
  dailyRatePpm: integer('daily_rate_ppm').notNull(),
  minMinor: minor('min_minor').notNull(),
  lockHours: integer('lock_hours').notNull(),
});

/** Each move into yeb stays locked until unlock_at; only the unlocked part can move out. */
export const walletYebLots = pgTable(
  'wallet_yeb_lots',
  {
    lotId: bigserial('lot_id', { mode: 'number' }).primaryKey(),
    memberId: bigId('member_id').notNull(),
    amountMinor: minor('amount_minor').notNull(),
    unlockAt: at('unlock_at').notNull(),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [index('wallet_yeb_lots_member').on(t.memberId, t.unlockAt)],
);

/** One row per account and Shanghai day: the daily accrual happens once, on any instance. */
export const walletYebInterest = pgTable(
  'wallet_yeb_interest',
  {
    accountId: bigId('account_id').notNull(),
    day: date('day').notNull(),
    memberId: bigId('member_id').notNull(),
    principalMinor: minor('principal_minor').notNull(),
    ratePpm: integer('rate_ppm').notNull(),
    interestMinor: minor('interest_minor').notNull(),
    receivedBy: bigId('received_by'),
    createdAt: at('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.day] }),
    index('wallet_yeb_interest_unreceived')
      .on(t.memberId)
      .where(sql`received_by IS NULL`),
  ],
);

/** The money figures of closed Shanghai days at the reports' finest grain (migration 0104; see reports.ts). */
export const reportDays = pgTable(
  'wallet_report_days',
  {
    day: date('day').notNull(),
    siteId: integer('site_id').notNull(),
    currency: text('currency').notNull(),
    venue: text('venue').notNull(),
    agentId: minor('agent_id').notNull(),
    bets: minor('bets').notNull(),
    stakes: minor('stakes').notNull(),
    refunds: minor('refunds').notNull(),
    payouts: minor('payouts').notNull(),
    bonuses: minor('bonuses').notNull(),
    rebates: minor('rebates').notNull(),
    deposits: minor('deposits').notNull(),
    withdrawals: minor('withdrawals').notNull(),
  },
  (t) => [primaryKey({ name: 'wallet_report_days_pkey', columns: [t.day, t.siteId, t.currency, t.venue, t.agentId] })],
);

/** The days rolled up into wallet_report_days, each once. */
export const reportDaysClosed = pgTable('wallet_report_days_closed', {
  day: date('day').primaryKey(),
  closedAt: at('closed_at').notNull().defaultNow(),
});
