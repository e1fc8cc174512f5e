import { floatsFor, outcomeOf, payoutMinorOf, refuseParams, seedFloats, MULTIPLIER_SCALE, type OneStepGame, type ParamsOf } from '@bp/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/http/index.ts';
import { once, type IdempotencyKey } from '../../platform/idempotency.ts';
import { announceBalance, gatherToMain, type WalletOwner } from '../wallet/index.ts';
import { money, payOut, recordRound, roundIdOf, roundOpening, stakeOf, takeStake } from './money.ts';
import { hmacSha256, takeNonce } from './seeds.ts';

/**
 * One round of a one-step original (dice, limbo, plinko, keno), once per Idempotency-Key: the
 * active pair's nonce is taken, the outcome computed from the seeds by the shared formulas, the
 * stake taken and the payout made, and the round recorded, all in one transaction. Concurrent
 * rounds of one member take turns on the pair's row; the ledger refuses a stake the wallet lacks.
 */
export async function playRound<G extends OneStepGame>(deps: Deps, owner: WalletOwner, key: IdempotencyKey, game: G, amount: number, params: ParamsOf[G]) {
  const refusal = refuseParams(game, params);
  if (refusal) fail(refusal);
  const stakeMinor = await stakeOf(deps.db, amount);
  await gatherToMain(deps.db, owner, key);
  const answer = await once(deps.db, owner.memberId, key, { game, amount, params }, async (tx) => {
    const seeds = await takeNonce(tx, owner.memberId);
    const outcome = outcomeOf(game, params, seedFloats(hmacSha256, seeds, floatsFor(game, params)));
    const roundId = roundIdOf(seeds);
    const afterStake = await takeStake(tx, owner, roundId, stakeMinor);
    const payoutMinor = outcome.win ? payoutMinorOf(stakeMinor, outcome.multiplier4) : 0n;
    const afterPayout = await payOut(tx, owner, roundId, payoutMinor, afterStake);
    const multiplier = outcome.multiplier4 / MULTIPLIER_SCALE;
    const detail: Record<string, unknown> = { ...outcome.detail, result: outcome.result, multiplier, win: outcome.win };
    await recordRound(tx, { ...roundOpening(owner, game, seeds, stakeMinor, afterStake, detail), payoutMinor, balanceAfterMinor: afterPayout });
    return {
      roundId,
      game,
      amount,
      result: outcome.result,
      multiplier,
      win: outcome.win,
      payout: money(payoutMinor),
      serverSeedHash: seeds.serverSeedHash,
      clientSeed: seeds.clientSeed,
      nonce: seeds.nonce,
      balance: money(afterPayout),
      ...outcome.detail,
    };
  });
  await announceBalance(deps, owner, 'originals', answer.balance);
  return answer;
}
