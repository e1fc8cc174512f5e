import { z } from 'zod';
import { Amount } from '../rules/schemas.ts';
import { ORIGINAL_GAMES } from './outcome.ts';
import { PLINKO_RISKS } from './tables.ts';

/**
 * House originals, provably fair (API.md "Casino, game records, provably fair house games"). Amounts
 * are decimal numbers in the site's currency; ranges of the games' parameters are checked by
 * `refuseParams` (each refusal its own catalogue code), shapes here.
 */
const Page = { page: z.number().int().min(1).max(10_000).default(1), size: z.number().int().min(1).max(100).default(20) };
const OriginalGameSchema = z.enum(ORIGINAL_GAMES);

/** A client seed: 1 to 64 printable ASCII characters (checked as ORIGINALS_CLIENT_SEED). */
export const CLIENT_SEED_PATTERN = /^[\x21-\x7e]{1,64}$/;

export const OriginalsSeedData = z.object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int() });
export const OriginalsRotateBody = z.object({ clientSeed: z.string().max(200).optional() });
export const OriginalsRotateData = OriginalsSeedData.extend({ revealedServerSeed: z.string() });

export const OriginalsGamesData = z.object({
  list: z.array(
    z.object({
      game: OriginalGameSchema,
      name: z.string(),
      /** Theoretical return to player, the lowest over the game's settings (0.99 is 99 %). */
      rtp: z.number(),
      rtpMax: z.number(),
      minAmount: z.number(),
      maxAmount: z.number(),
    }),
  ),
});

const Seeds = { serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int() };
/** One round's answer: `multiplier` is what a won round pays per unit staked; `payout` floor(amount x multiplier), 0 when lost. */
const Played = {
  roundId: z.string(),
  game: OriginalGameSchema,
  amount: z.number(),
  result: z.number(),
  multiplier: z.number(),
  win: z.boolean(),
  payout: z.number(),
  ...Seeds,
  /** The main wallet after the round. */
  balance: z.number(),
};

export const DicePlayBody = z.object({ amount: Amount, target: z.number(), condition: z.enum(['over', 'under']) });
export const LimboPlayBody = z.object({ amount: Amount, targetMultiplier: z.number() });
export const OriginalsPlayData = z.object(Played);

export const PlinkoPlayBody = z.object({ amount: Amount, rows: z.number(), risk: z.enum(PLINKO_RISKS) });
export const PlinkoPlayData = z.object({ ...Played, path: z.array(z.number().int()), bucket: z.number().int() });

export const KenoPlayBody = z.object({ amount: Amount, picks: z.array(z.number()).max(40) });
export const KenoPlayData = z.object({ ...Played, drawn: z.array(z.number().int()), hits: z.array(z.number().int()) });

export const MinesStartBody = z.object({ amount: Amount, mines: z.number() });
export const MinesRevealBody = z.object({ roundId: z.string().min(1).max(64), tile: z.number() });
export const MinesRoundBody = z.object({ roundId: z.string().min(1).max(64) });
export const MINES_STATUSES = ['open', 'cashed', 'busted'] as const;
export const MinesRound = z.object({
  roundId: z.string(),
  amount: z.number(),
  mines: z.number().int(),
  /** Safe tiles turned, in order (0..24, row by row). */
  revealed: z.array(z.number().int()),
  status: z.enum(MINES_STATUSES),
  /** What cashing out now pays per unit staked. */
  multiplier: z.number(),
  /** What it pays after one more safe tile; null when none is left. */
  nextMultiplier: z.number().nullable(),
  payout: z.number(),
  ...Seeds,
  /** Where the mines are: only once the round is over. */
  minePositions: z.array(z.number().int()).nullable(),
  balance: z.number(),
});
export type MinesRound = z.infer<typeof MinesRound>;
export const MinesCurrentData = z.object({ round: MinesRound.nullable() });

export const OriginalsRoundsBody = z.object({ ...Page, game: OriginalGameSchema.optional() });
export const OriginalsRound = z.object({
  roundId: z.string(),
  game: OriginalGameSchema,
  gameName: z.string(),
  amount: z.number(),
  payout: z.number(),
  multiplier: z.number(),
  result: z.number().nullable(),
  status: z.enum(['open', 'settled', 'refunded']),
  /** The round's parameters and outcome in the game's terms (target, roll, path, drawn...). */
  detail: z.record(z.string(), z.unknown()),
  ...Seeds,
  /** Revealed once its seed pair was rotated; null before. */
  serverSeed: z.string().nullable(),
  createdAt: z.number().int(),
});
export type OriginalsRound = z.infer<typeof OriginalsRound>;
export const OriginalsRoundsData = z.object({ list: z.array(OriginalsRound), total: z.number().int() });

export const OriginalsSeedsBody = z.object(Page);
export const RevealedSeed = z.object({
  serverSeed: z.string(),
  serverSeedHash: z.string(),
  clientSeed: z.string(),
  /** Rounds played with the pair: nonces 0 to rounds - 1. */
  rounds: z.number().int(),
  createdAt: z.number().int(),
  revealedAt: z.number().int(),
});
export type RevealedSeed = z.infer<typeof RevealedSeed>;
export const OriginalsSeedsData = z.object({ list: z.array(RevealedSeed), total: z.number().int() });
