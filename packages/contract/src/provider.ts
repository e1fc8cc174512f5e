import { z } from 'zod';
import { GameKindSchema } from './casino.ts';

/**
 * The seamless-wallet protocol (issue 16 part 6): an external game provider keeps no money of
 * ours; it calls these paths to read the member's main balance and to debit, credit and roll back
 * by its own transaction id. Every call is signed: `x-provider` (its api_name), `x-provider-timestamp`
 * (epoch ms, within PROVIDER_WINDOW_MS of our clock) and `x-provider-signature`, the lower-case hex
 * HMAC-SHA256 under the provider's secret of `timestamp + "\n" + path + "\n" + body` (the body as sent).
 * Amounts are decimal numbers in the member's currency, at most 2 decimals.
 */
export const ProviderHeaders = {
  provider: 'x-provider',
  timestamp: 'x-provider-timestamp',
  signature: 'x-provider-signature',
} as const;

/** How far a signed call's timestamp may be from our clock, either way. */
export const PROVIDER_WINDOW_MS = 60_000;

/** The base of the protocol's paths. */
export const PROVIDER_API = '/api/provider/v1';

/** The signed text of a call (see above). */
export const providerSigningText = (timestamp: string, path: string, body: string): string => `${timestamp}\n${path}\n${body}`;

const Token = z.string().regex(/^[a-f0-9]{48}$/, '会话令牌格式无效');
/** The provider's ids: its transactions' and its rounds'. */
const ProviderId = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, '编号只能包含字母、数字和 _ . : -');
const PlayerId = z.string().regex(/^\d{1,18}$/, '玩家编号无效');
const cents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
const Stake = z.number().positive().max(100_000_000).refine(cents, { message: '金额最多两位小数' });
const Win = z.number().nonnegative().max(1_000_000_000).refine(cents, { message: '金额最多两位小数' });

/** The launch's token: who plays, in what currency, with what balance. */
export const ProviderSessionBody = z.object({ token: Token });
export const ProviderSessionData = z.object({
  playerId: z.string(),
  nickname: z.string(),
  currency: z.enum(['CNY', 'USDT']),
  balance: z.number(),
  /** The game the member launched, if one. */
  gameCode: z.string().nullable(),
});

export const ProviderBalanceBody = z.object({ token: Token });
/** A wallet call's answer: the member's main balance after it. A repeat of a transaction id answers its first result. */
export const ProviderWalletData = z.object({
  playerId: z.string(),
  currency: z.enum(['CNY', 'USDT']),
  balance: z.number(),
  transactionId: z.string().nullable(),
});

/** A stake: opens the round `roundId` or adds to it; needs the live session of the launch. */
export const ProviderDebitBody = z.object({
  token: Token,
  playerId: PlayerId,
  transactionId: ProviderId,
  roundId: ProviderId,
  gameCode: z.string().trim().min(1).max(64),
  amount: Stake,
});

/**
 * The round's result: settles the round its debits opened (amount 0 for a loss). No session
 * needed (a round may end after the member left). A credit for a round with no debit yet is
 * refused (PROVIDER_ROUND_UNKNOWN) and recorded nowhere: the provider retries it after the debit.
 */
export const ProviderCreditBody = z.object({
  playerId: PlayerId,
  transactionId: ProviderId,
  roundId: ProviderId,
  amount: Win,
});

/**
 * Reverses the debit `transactionId` (the debit's own id) of an open round. Unknown, it is recorded
 * as rolled back, so that debit arriving later is refused (PROVIDER_TX_ROLLED_BACK).
 */
export const ProviderRollbackBody = z.object({
  playerId: PlayerId,
  transactionId: ProviderId,
  roundId: ProviderId,
});

export const ProviderHeartbeatBody = z.object({});
export const ProviderHeartbeatData = z.object({ apiName: z.string(), serverTime: z.number().int(), enabled: z.boolean() });

/** The operator's configuration of a provider. `secret` is written, never read back. */
export const ProviderSaveBody = z.object({
  api_name: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{2,16}$/, 'api_name 须为 2–16 位大写字母或数字'),
  name: z.string().trim().min(1).max(32),
  category: GameKindSchema.exclude(['originals']),
  secret: z.string().min(16, '密钥至少 16 个字符').max(200).optional(),
  launchUrl: z.url({ protocol: /^https?$/ }).max(300),
  enabled: z.boolean(),
});
export const ProviderInfo = z.object({
  api_name: z.string(),
  name: z.string(),
  category: z.string(),
  launchUrl: z.string(),
  enabled: z.boolean(),
  /** Epoch ms of its last heartbeat, null if never. */
  seenAt: z.number().int().nullable(),
  /** Enabled and heard from lately: members see and launch it. */
  offered: z.boolean(),
});
export const ProviderListData = z.array(ProviderInfo);
