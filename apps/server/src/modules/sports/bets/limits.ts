import { sql } from 'drizzle-orm';
import { SPORTS_LIMITS, fromMinor, toMinor } from '@bp/contract';
import { executePrepared, type DbOrTx, type Tx } from '../../../platform/db/index.ts';
import { fail } from '../../../platform/http/index.ts';
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

/**
 * The member's stake factor and, for a single, what the member already has open in singles on its
 * market (read through the member's own legs on that market): one query.
 */
async function memberExposure(tx: Tx, memberId: number, marketId: number | null): Promise<{ factor: number; stakedMinor: bigint }> {
  const { rows } = await executePrepared(
    tx,
    sql`
    SELECT coalesce((SELECT stake_factor FROM sports_member_limits WHERE member_id = ${memberId}), 1)::float8 AS factor,
      ${
        marketId === null
          ? sql`'0'`
          : sql`(
        SELECT coalesce(sum(b.stake_minor), 0)::text FROM sports_bet_legs l JOIN sports_bets b ON b.bet_id = l.bet_id
        WHERE l.member_id = ${memberId} AND l.market_id = ${marketId} AND b.bet_type = 'single' AND b.status IN ('pending_delay', 'pending'))`
      } AS staked`,
  );
  const row = rows[0] as { factor: number; staked: string };
  return { factor: Number(row.factor), stakedMinor: BigInt(row.staked) };
}

/** Another module's limit on a member's stake (the vip module's, while a bonus is wagering); it fails the bet to refuse. */
export type StakeRule = (tx: Tx, stake: { memberId: number; stakeMinor: bigint }) => Promise<void>;
const stakeRules = new Set<StakeRule>();

/** Registered once per process (at the module's import); checked inside the bet's transaction. */
export function addStakeRule(rule: StakeRule): void {
  stakeRules.add(rule);
}

/**
 * Stake and payout limits, per market and member, then the other modules' stake rules. A single counts the member's open singles on
 * the same market; a parlay is held to its tightest leg. The caller holds the member's bet lock.
 */
export async function checkLimits(
  tx: Tx,
  a: { memberId: number; currency: string; type: 'single' | 'parlay'; stakeMinor: bigint; potentialMinor: bigint; legs: LiveSelection[] },
): Promise<void> {
  const limits = limitsOf(a.currency);
  const { factor, stakedMinor } = await memberExposure(tx, a.memberId, a.type === 'single' ? a.legs[0].marketId : null);
  const maxOf = (leg: LiveSelection) => toMinor(Math.floor((MAIN_MARKETS.has(leg.kind) ? limits.maxStakeMain : limits.maxStakeMinor) * factor * 100) / 100);
  const room = a.type === 'single' ? maxOf(a.legs[0]) - stakedMinor : a.legs.map(maxOf).reduce((x, y) => (y < x ? y : x));
  if (a.stakeMinor > room) {
    const left = room > 0n ? fromMinor(room) : 0;
    fail('STAKE_ABOVE_MAX', { msg: `该盘口您最高还可投注${left}`, data: { maxStake: left } });
  }
  if (a.potentialMinor > toMinor(limits.maxPayout)) fail('PAYOUT_ABOVE_MAX', { data: { maxPayout: limits.maxPayout } });
  for (const rule of stakeRules) await rule(tx, { memberId: a.memberId, stakeMinor: a.stakeMinor });
}
