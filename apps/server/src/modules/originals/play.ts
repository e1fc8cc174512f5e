import type { z } from 'zod';
import {
  floatsFor,
  outcomeOf,
  payoutMinorOf,
  refuseParams,
  seedFloats,
  MULTIPLIER_SCALE,
  type DetailOf,
  type OneStepGame,
  type OriginalsPlayData,
  type ParamsOf,
} from '@bp/contract';
import type { Db, Tx } from '../../platform/db/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/http/index.ts';
import { batcher, type Batcher, type Outcome } from '../../platform/batch.ts';
import { claimKeys, completeKeys, dropKeys, requestHash, type IdempotencyKey } from '../../platform/idempotency.ts';
import { announceBalance, gatherToMain, lockPostings, postTransfers, type BatchPosting, type WalletOwner } from '../wallet/index.ts';
import { recordRounds, roundStakeRefusals } from '../casino/index.ts';
import { money, payoutPosting, roundIdOf, roundOpening, stakeOf, stakePosting } from './money.ts';
import { giveBackNonces, hmacSha256, takeNonces, type RoundSeeds } from './seeds.ts';

/** A one-step round asked for: who, under what key, which game, the stake and the game's settings. */
export interface RoundOrder {
  owner: WalletOwner;
  key: IdempotencyKey;
  game: OneStepGame;
  amount: number;
  params: ParamsOf[OneStepGame];
  stakeMinor: bigint;
}

/** What a round answers (and a repeat of its key): the round, and its game's own detail. */
export type RoundAnswer = z.infer<typeof OriginalsPlayData> & Record<string, unknown>;

/** What the key's hash covers: the same body as ever, so a key claimed before the batches still answers. */
const bodyOf = (o: RoundOrder) => ({ game: o.game, amount: o.amount, params: o.params });

/**
 * One round of a one-step original (dice, limbo, plinko, keno), once per Idempotency-Key. Rounds of
 * members playing at once go together (issue 16's speed), one transaction per batch.
 */
export async function playRound<G extends OneStepGame>(deps: Deps, owner: WalletOwner, key: IdempotencyKey, game: G, amount: number, params: ParamsOf[G]) {
  const refusal = refuseParams(game, params);
  if (refusal) fail(refusal);
  const stakeMinor = await stakeOf(deps.db, amount);
  await gatherToMain(deps.db, owner, key);
  // The answer of a round of `game` carries that game's detail.
  const answer = (await roundsOf(deps).submit({ owner, key, game, amount, params, stakeMinor })) as RoundAnswer & DetailOf[G];
  await announceBalance(deps, owner, 'originals', answer.balance);
  return answer;
}

const batchers = new WeakMap<Db, Batcher<RoundOrder, RoundAnswer>>();

/**
 * The rounds' batcher of a database (one per server). A member's rounds go one batch after another,
 * never two at once: their nonces follow the order they came in.
 */
function roundsOf(deps: Deps): Batcher<RoundOrder, RoundAnswer> {
  let rounds = batchers.get(deps.db);
  if (!rounds) {
    rounds = batcher<RoundOrder, RoundAnswer>({
      run: (orders) => playRounds(deps.db, orders),
      alone: async (order) => {
        const [outcome] = await playRounds(deps.db, [order]);
        if (!outcome.ok) throw outcome.error;
        return outcome.value;
      },
      turnOf: (o) => String(o.owner.memberId),
      turnsOneAtATime: true,
    });
    batchers.set(deps.db, rounds);
  }
  return rounds;
}

/** A round past its checks, its nonce taken and its accounts locked: what it posts and records. */
interface Dealt {
  n: number;
  seeds: RoundSeeds;
  roundId: string;
  stake: BatchPosting;
  /** The payout's accounts (its amount follows from the outcome). */
  payout: { from: number; to: number };
}

/**
 * A batch of rounds, each of a different member, in one transaction and a fixed number of
 * statements whatever its size: the keys claimed; the stakes held to the other modules' rules; the
 * members' seed pairs locked in member order and their nonces taken; every account the batch posts
 * to locked in the ledger's order, so what each member can spend is known; the outcomes computed;
 * stakes and payouts posted at once (wallet_post_transfers); the rounds recorded (with the vip
 * module's turnover); the answers stored. Each round answers alone: a repeated key its first
 * answer, a refused round (a short balance, a bonus's stake limit) its error, its nonce given back
 * and its key freed, nothing of it kept.
 */
export async function playRounds(db: Db, orders: RoundOrder[]): Promise<Outcome<RoundAnswer>[]> {
  return db.transaction(async (tx) => {
    const outcomes: Array<Outcome<RoundAnswer> | undefined> = new Array(orders.length);
    const refuse = (n: number, error: unknown) => (outcomes[n] = { ok: false, error });
    // In member order: batches (and other servers' batches) meet the keys and pairs in one order.
    const order = orders.map((_, n) => n).sort((a, b) => orders[a].owner.memberId - orders[b].owner.memberId);
    const claims = await claimKeys<RoundAnswer>(
      tx,
      order.map((n) => ({ memberId: orders[n].owner.memberId, key: orders[n].key.key, hash: requestHash(orders[n].key, bodyOf(orders[n])) })),
    );
    const fresh: number[] = [];
    claims.forEach((claim, i) => {
      const n = order[i];
      if (claim instanceof AppError) refuse(n, claim);
      else if (!claim.fresh) outcomes[n] = { ok: true, value: claim.response };
      else fresh.push(n);
    });
    const rules = await roundStakeRefusals(
      tx,
      fresh.map((n) => ({ memberId: orders[n].owner.memberId, stakeMinor: orders[n].stakeMinor })),
    );
    const allowed = fresh.filter((n, i) => !rules[i] || (refuse(n, rules[i]), false));
    const dealt = await deal(tx, orders, allowed, refuse);
    const answers = await settle(tx, orders, dealt);
    answers.forEach((value, i) => (outcomes[dealt[i].n] = { ok: true, value }));
    await completeKeys(
      tx,
      dealt.map(({ n }, i) => ({ memberId: orders[n].owner.memberId, key: orders[n].key.key, response: answers[i] })),
    );
    await dropKeys(
      tx,
      fresh.filter((n) => !outcomes[n]!.ok).map((n) => ({ memberId: orders[n].owner.memberId, key: orders[n].key.key })),
    );
    return outcomes as Outcome<RoundAnswer>[];
  });
}

/**
 * Takes the rounds' nonces, then locks every account they may post to (stake and payout) and
 * keeps those whose member holds the stake; a short one is refused and gives its nonce back.
 */
async function deal(tx: Tx, orders: RoundOrder[], allowed: number[], refuse: (n: number, error: unknown) => void): Promise<Dealt[]> {
  if (allowed.length === 0) return [];
  const seeds = await takeNonces(
    tx,
    allowed.map((n) => orders[n].owner.memberId),
  );
  const rounds = allowed.map((n) => {
    const s = seeds.get(orders[n].owner.memberId)!;
    return { n, seeds: s, roundId: roundIdOf(s) };
  });
  const stakes = rounds.map(({ n, roundId }) => stakePosting(orders[n].owner, roundId, orders[n].stakeMinor));
  const payouts = rounds.map(({ n, roundId }) => payoutPosting(orders[n].owner, roundId, 0n));
  const locked = await lockPostings(tx, [...stakes, ...payouts]);
  const dealt: Dealt[] = [];
  const short: number[] = [];
  rounds.forEach((r, i) => {
    const [stake, payout] = [locked[i], locked[rounds.length + i]];
    if (stake.fromBalance >= orders[r.n].stakeMinor) {
      dealt.push({ ...r, stake: { ...stakes[i], from: stake.from, to: stake.to }, payout: { from: payout.from, to: payout.to } });
    } else {
      refuse(r.n, new AppError('INSUFFICIENT_BALANCE'));
      short.push(r.seeds.seedId);
    }
  });
  await giveBackNonces(tx, short);
  return dealt;
}

/** Plays the dealt rounds: outcomes from their seeds, stakes and payouts posted together, rounds recorded; answers each. */
async function settle(tx: Tx, orders: RoundOrder[], dealt: Dealt[]): Promise<RoundAnswer[]> {
  if (dealt.length === 0) return [];
  const plays = dealt.map((d) => {
    const o = orders[d.n];
    const outcome = outcomeOf(o.game, o.params, seedFloats(hmacSha256, d.seeds, floatsFor(o.game, o.params)));
    const payoutMinor = outcome.win ? payoutMinorOf(o.stakeMinor, outcome.multiplier4) : 0n;
    return { ...d, o, outcome, payoutMinor };
  });
  const postings: BatchPosting[] = plays.flatMap((p) => [
    p.stake,
    ...(p.payoutMinor > 0n ? [{ ...payoutPosting(p.o.owner, p.roundId, p.payoutMinor), ...p.payout }] : []),
  ]);
  const posted = await postTransfers(tx, postings);
  const refused = posted.find((x) => !x.ok);
  // Every account is held and every stake covered: a refusal here is a fault; the batch goes again one by one.
  if (refused && !refused.ok) throw refused.error;
  let at = 0;
  const rounds = plays.map((p) => {
    const afterStake = (posted[at++] as Extract<(typeof posted)[number], { ok: true }>).posted.fromBalance;
    const after = p.payoutMinor > 0n ? (posted[at++] as Extract<(typeof posted)[number], { ok: true }>).posted.toBalance : afterStake;
    const multiplier = p.outcome.multiplier4 / MULTIPLIER_SCALE;
    const detail: Record<string, unknown> = { ...p.outcome.detail, result: p.outcome.result, multiplier, win: p.outcome.win };
    const record = { ...roundOpening(p.o.owner, p.o.game, p.seeds, p.o.stakeMinor, afterStake, detail), payoutMinor: p.payoutMinor, balanceAfterMinor: after };
    const answer: RoundAnswer = {
      roundId: p.roundId,
      game: p.o.game,
      amount: p.o.amount,
      result: p.outcome.result,
      multiplier,
      win: p.outcome.win,
      payout: money(p.payoutMinor),
      serverSeedHash: p.seeds.serverSeedHash,
      clientSeed: p.seeds.clientSeed,
      nonce: p.seeds.nonce,
      balance: money(after),
      ...p.outcome.detail,
    };
    return { record, answer };
  });
  await recordRounds(
    tx,
    rounds.map((r) => r.record),
    { stakeChecked: true },
  );
  return rounds.map((r) => r.answer);
}
