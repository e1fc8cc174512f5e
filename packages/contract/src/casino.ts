import { z } from 'zod';
import { Amount } from './rules/schemas.ts';

/**
 * Electronic games and venue launch (seed 7 "Games"; seed 3 "Venue launch"). Amounts are decimal
 * numbers in the site's currency; the server keeps integer minor units.
 */

// The egame page's code (seed 2, /app/egame/{code}) ------------------------------------------
export const DEFAULT_EGAME_VENUE = 'default';
export const DEFAULT_EGAME_CODE = 'pg';

/** The default venue maps to a fixed code, a key starting with yb to by, any other key to its first two letters in lower case. */
export function egameCode(venueKey: string | null | undefined): string {
  const key = (venueKey ?? '').trim();
  if (!key || key.toLowerCase() === DEFAULT_EGAME_VENUE) return DEFAULT_EGAME_CODE;
  if (/^yb/i.test(key)) return 'by';
  return key.slice(0, 2).toLowerCase();
}

// Catalogue ---------------------------------------------------------------------------------
const Page = { page: z.number().int().min(1).max(10_000).default(1), size: z.number().int().min(1).max(100).default(20) };
const GameId = z.string().trim().min(1).max(32);
const ApiName = z.string().trim().min(1).max(16);

export const EgameBrand = z.object({ api_name: z.string(), name: z.string(), code: z.string(), status: z.number().int(), gameCount: z.number().int() });
export const EgameBrandsData = z.array(EgameBrand);

export const EgameListBody = z
  .object({
    ...Page,
    code: z.string().trim().min(1).max(8).optional(),
    api_name: ApiName.optional(),
    keyword: z.string().trim().max(30).optional(),
    hot: z.boolean().optional(),
    new: z.boolean().optional(),
  })
  .refine((b) => b.code !== undefined || b.api_name !== undefined, { message: 'code or api_name is required', path: ['code'] });

export const Egame = z.object({
  gameId: z.string(),
  gameName: z.string(),
  api_name: z.string(),
  brand: z.string(),
  image: z.string(),
  hot: z.boolean(),
  new: z.boolean(),
  /** Whether the member has it in their collection (always false for a visitor). */
  collected: z.boolean(),
});
export type Egame = z.infer<typeof Egame>;
export const EgameListData = z.object({ list: z.array(Egame), total: z.number().int() });

// Collections -------------------------------------------------------------------------------
export const CollectionBody = z.object({ gameId: GameId });
export const CollectionData = z.object({ gameId: z.string(), collected: z.boolean() });
export const CollectionListBody = z.object(Page);

// Launch ------------------------------------------------------------------------------------
/** Seed 3 "Venue launch". `rollbackAddress`: where the game's back button returns (a path of this site). */
export const VenueLaunchBody = z.object({
  venueEnName: ApiName,
  gameId: GameId.optional(),
  resetDpDomain: z.boolean().optional(),
  rollbackAddress: z.string().trim().max(200).optional(),
  isUseCache: z.boolean().optional(),
});
export const DemoLaunchBody = VenueLaunchBody.pick({ venueEnName: true, gameId: true, rollbackAddress: true });
/** `transferred`: what auto-transfer moved from the main wallet to the venue for this launch. */
export const VenueLaunchData = z.object({ url: z.string(), transferred: z.number() });

// The sandbox game ---------------------------------------------------------------------------
export const SandboxSpinBody = z.object({ ticket: z.string().regex(/^[a-f0-9]{48}$/), stake: Amount });
export const SandboxSpinData = z.object({
  symbols: z.array(z.string()).length(3),
  multiplier: z.number(),
  win: z.number(),
  balance: z.number(),
  demo: z.boolean(),
});
export const SandboxTicketBody = z.object({ ticket: z.string().regex(/^[a-f0-9]{48}$/) });
export const SandboxTicketData = z.object({
  gameName: z.string(),
  venueName: z.string(),
  balance: z.number(),
  /** The currency the balance is in (the page shows it with its symbol). */
  currency: z.enum(['CNY', 'USDT']),
  demo: z.boolean(),
  rollbackAddress: z.string(),
  rtp: z.number(),
});

// Game lobby and game records (API.md "Casino, game records, provably fair house games") ----------
/** The lobby's categories: 真人, 电子, 棋牌, 捕鱼, 原创. */
export const GAME_KINDS = ['live', 'egame', 'chess', 'fish', 'originals'] as const;
export type GameKind = (typeof GAME_KINDS)[number];
export const GameKindSchema = z.enum(GAME_KINDS);

export const GameLobbyVenue = z.object({ api_name: z.string(), name: z.string(), status: z.number().int() });
export const GameLobbyData = z.object({
  categories: z.array(z.object({ kind: GameKindSchema, name: z.string(), venues: z.array(GameLobbyVenue) })),
});

const EpochMs = z.number().int().nonnegative();
export const GameRecordsBody = z
  .object({ ...Page, api_name: ApiName.optional(), from: EpochMs.optional(), to: EpochMs.optional() })
  .refine((b) => b.from === undefined || b.to === undefined || b.to >= b.from, { message: '结束时间须晚于开始时间', path: ['to'] });
/** `open`: the round waits for its result (a table bet before the cards, mines between reveals). */
export const GAME_ROUND_STATUSES = ['open', 'settled', 'refunded'] as const;
export const GameRecord = z.object({
  roundId: z.string(),
  api_name: z.string(),
  venueName: z.string(),
  kind: GameKindSchema,
  gameCode: z.string(),
  gameName: z.string(),
  stake: z.number(),
  payout: z.number(),
  balanceBefore: z.number(),
  /** null while the round is open */
  balanceAfter: z.number().nullable(),
  status: z.enum(GAME_ROUND_STATUSES),
  /** The outcome in the game's own terms (cards, result, multiplier, seeds), for recall. */
  detail: z.record(z.string(), z.unknown()),
  createdAt: EpochMs,
  settledAt: EpochMs.nullable(),
});
export type GameRecord = z.infer<typeof GameRecord>;
export const GameRecordsData = z.object({ list: z.array(GameRecord), total: z.number().int() });

/**
 * The operator's round recall (console 游戏对局): rounds of every member of the operator's sites by
 * member, venue, game, date and round id; one round with what proves its outcome and its ledger.
 */
export const AdminRoundListBody = z
  .object({
    ...Page,
    memberId: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    api_name: ApiName.optional(),
    gameCode: z.string().trim().min(1).max(64).optional(),
    roundId: z.string().trim().min(1).max(128).optional(),
    from: EpochMs.optional(),
    to: EpochMs.optional(),
  })
  .refine((b) => b.from === undefined || b.to === undefined || b.to >= b.from, { message: '结束时间须晚于开始时间', path: ['to'] });
export const AdminRound = GameRecord.extend({ memberId: z.number().int(), siteId: z.number().int() });
export const AdminRoundListData = z.object({ list: z.array(AdminRound), total: z.number().int() });
/** Every venue, for the recall's venue picker. */
export const AdminVenueListData = z.object({ list: z.array(z.object({ api_name: z.string(), name: z.string(), category: z.string() })) });
export const AdminRoundBody = z.object({ roundId: z.string().trim().min(1, '请输入局号').max(128) });
/** One posting of the round in the ledger: the accounts it moved between and how much. */
export const RoundTransfer = z.object({
  transferId: z.number().int(),
  kind: z.string(),
  ref: z.string(),
  /** the accounts' kinds: main, house:stakes, ... */
  from: z.string(),
  to: z.string(),
  amount: z.number(),
  at: EpochMs,
});
export const AdminRoundData = z.object({
  round: AdminRound,
  /**
   * What proves the outcome: the originals' seed pair (server seed hash, client seed, nonce; the
   * server seed itself only once the member rotated it), null for games without one.
   */
  proof: z.record(z.string(), z.unknown()).nullable(),
  /** The round's ledger postings; none for a game played from a venue's own wallet (its money moved at the venue). */
  transfers: z.array(RoundTransfer),
  /** Where the round's money moved: our ledger (played from the main wallet) or the venue's own wallet. */
  moneyAt: z.enum(['ledger', 'venue']),
});
