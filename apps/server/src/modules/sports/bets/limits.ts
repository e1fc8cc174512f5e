import { sql, type SQL } from 'drizzle-orm';
import { SPORTS_LIMITS, fromMinor, toMinor } from '@bp/contract';
import { type DbOrTx } from '../../../platform/db/index.ts';
import { fail, type AppError } from '../../../platform/http/index.ts';
import { MAIN_MARKETS } from '../markets/kinds.ts';
import type { LiveSelection } from './legs.ts';

const limitsOf = (currency: string) => SPORTS_LIMITS[currency as 'CNY' | 'USDT'] ?? SPORTS_LIMITS.CNY;

export function checkMinStake(stakeMinor: bigint, currency: string): void {
  const { minStake } = limitsOf(currency);
  if (stakeMinor < toMinor(minStake)) fail('STAKE_BELOW_MIN', { msg: `最低投注金额为${minStake}`, data: { minStake } });
}

/** Operator: scale a member's maximum stakes (0.2 gives a sharp bettor a fifth; 0 stops them). */
export async function setStakeFactor(db: DbOrTx, memberId: number, factor: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO sports_member_limits (member_id, stake_factor) VALUES (${memberId}, ${factor})
    ON CONFLICT (member_id) DO UPDATE SET stake_factor = EXCLUDED.stake_factor`);
}

/** A member's stake factor and what they already have open in singles on one market (0 for a parlay). */
export interface Exposure {
  factor: number;
  stakedMinor: bigint;
}

/**
 * A single has left the open states (settled, cashed out, rejected): its stake leaves what its
 * member has open on its market (sports_open_singles, which bet placement adds to). Called last in
 * the bet's transaction, after the ledger's postings: a bet batch locks the members' accounts before
 * their rows here, so the two never wait on each other in a circle.
 */
export async function closeOpenSingle(tx: DbOrTx, betId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE sports_open_singles os SET staked_minor = os.staked_minor - b.stake_minor
    FROM sports_bets b JOIN sports_bet_legs l ON l.bet_id = b.bet_id
    WHERE b.bet_id = ${betId} AND b.bet_type = 'single' AND os.member_id = b.member_id AND os.market_id = l.market_id`);
}

/** A stake of a batch, as the other modules' stake rules see it. */
export interface Stake {
  memberId: number;
  stakeMinor: bigint;
}

/**
 * Another module's limit on members' stakes (the vip module's, while a bonus is wagering), asked
 * for a batch of bets at once: its read (one statement, sent with the batch's first, after the
 * members' turns are held), and each stake's refusal, or null, from the read's rows.
 */
export interface StakeRule {
  read: (stakes: Stake[]) => SQL;
  refusals: (rows: Array<Record<string, unknown>>, stakes: Stake[]) => Array<AppError | null>;
}
const stakeRules = new Set<StakeRule>();

/** Registered once per process (at the module's import); checked inside the bet's transaction. */
export function addStakeRule(rule: StakeRule): void {
  stakeRules.add(rule);
}

/** The stake rules' reads over a batch, in the rules' order (answer their rows to stakeRefusals). */
export const stakeRuleReads = (stakes: Stake[]): SQL[] => [...stakeRules].map((rule) => rule.read(stakes));

export interface LimitAsk {
  memberId: number;
  currency: string;
  type: 'single' | 'parlay';
  stakeMinor: bigint;
  potentialMinor: bigint;
  legs: LiveSelection[];
}

/**
 * Stake and payout limits, per market and member. A single counts the member's open singles on the
 * same market (`exposure`, read by SQL sports_bets_prepare from sports_open_singles); a parlay is held to its tightest leg. The
 * caller holds the member's bet turn; the other modules' rules come after (stakeRefusals).
 */
export function checkLimits(a: LimitAsk, exposure: Exposure): void {
  const limits = limitsOf(a.currency);
  const { factor, stakedMinor } = exposure;
  const maxOf = (leg: LiveSelection) => toMinor(Math.floor((MAIN_MARKETS.has(leg.kind) ? limits.maxStakeMain : limits.maxStakeMinor) * factor * 100) / 100);
  const room = a.type === 'single' ? maxOf(a.legs[0]) - stakedMinor : a.legs.map(maxOf).reduce((x, y) => (y < x ? y : x));
  if (a.stakeMinor > room) {
    const left = room > 0n ? fromMinor(room) : 0;
    fail('STAKE_ABOVE_MAX', { msg: `该盘口您最高还可投注${left}`, data: { maxStake: left } });
  }
  if (a.potentialMinor > toMinor(limits.maxPayout)) fail('PAYOUT_ABOVE_MAX', { data: { maxPayout: limits.maxPayout } });
}

/** Each stake's first refusal by the other modules' rules, from their reads' rows (stakeRuleReads' order), or null. */
export function stakeRefusals(rows: Array<Array<Record<string, unknown>>>, stakes: Stake[]): Array<AppError | null> {
  const refusals: Array<AppError | null> = stakes.map(() => null);
  [...stakeRules].forEach((rule, i) => rule.refusals(rows[i], stakes).forEach((refusal, n) => (refusals[n] ??= refusal)));
  return refusals;
}
