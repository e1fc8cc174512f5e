import { sql } from 'drizzle-orm';
import { fromMinor, toMinor } from '@bp/contract';
import type { Deps } from '../../platform/deps.ts';
import { rowsOf, type Db, type DbOrTx, type Tx } from '../../platform/db/index.ts';
import { AppError, fail } from '../../platform/http/index.ts';
import { getMember } from '../auth/index.ts';
import { listSites } from '../site/index.ts';
import {
  announceBalance,
  balanceOf,
  houseAccount,
  lockedBalanceOf,
  memberAccount,
  postTransfer,
  postedTransfer,
  type CurrencyCode,
  type WalletOwner,
} from '../wallet/index.ts';
import { closeRound, liveTicket, openRound, restakeRound, type Ticket } from '../casino/index.ts';
import { kindOf, type ProviderRow } from './providers.ts';

/**
 * The seamless wallet (issue 16 part 6): a provider debits, credits and rolls back the member's
 * main wallet by its own transaction ids. Each call is one transaction holding the money, the
 * round (casino's game_rounds) and the transaction id together. Locks are taken in one order
 * everywhere: the transaction id's row, then the member's main wallet with the house slice (in
 * account id order, as the ledger posts), then the round. A transaction id answers its first
 * result for as long as it is kept (see retention.ts).
 */
export type WalletAnswer = { playerId: string; currency: CurrencyCode; balance: number; transactionId: string | null };

/** Ledger kinds: a stake counts as turnover ('bet.stake…'), a rollback takes it back ('bet.refund'). */
const STAKE = 'bet.stake.game';
const PAYOUT = 'bet.payout.game';
const REFUND = 'bet.refund';
const ledgerRef = (p: ProviderRow, txId: string) => `provider:${p.api_name}:${txId}`;
/** Our round id: the provider's, under its api_name (round ids are unique across games). */
const roundRef = (p: ProviderRow, roundId: string) => `${p.api_name}:${roundId}`;

interface Player extends WalletOwner {
  nickname: string;
}

async function playerOf(db: Db | Tx, memberId: number): Promise<Player> {
  const member = (await getMember(db, memberId)) ?? fail('PROVIDER_PLAYER_MISMATCH');
  const currency = ((await listSites(db as Db)).byId.get(member.siteId)?.currency ?? 'CNY') as CurrencyCode;
  return { memberId, siteId: member.siteId, currency, nickname: member.nickname || member.name };
}

/** The launch's ticket, if it is this provider's and its session still lives. */
async function ticketOf(db: Db, p: ProviderRow, token: string): Promise<Ticket & { member_id: number }> {
  const ticket = await liveTicket(db, token).catch((err: unknown) => {
    if (err instanceof AppError && err.key === 'GAME_TICKET_EXPIRED') return null;
    throw err;
  });
  if (!ticket || ticket.member_id === null || ticket.api_name !== p.api_name) return fail('PROVIDER_SESSION_INVALID');
  return { ...ticket, member_id: Number(ticket.member_id) };
}

const answerOf = (player: Player, balanceMinor: bigint, transactionId: string | null): WalletAnswer => ({
  playerId: String(player.memberId),
  currency: player.currency,
  balance: fromMinor(balanceMinor),
  transactionId,
});

const mainBalance = async (db: Db | Tx, player: Player) => balanceOf(db, await memberAccount(db, player));

/** The member's main wallet and the member's slice of a house account (stakes or payouts). */
const walletAnd = async (tx: Tx, player: Player, house: 'stakes' | 'payouts') =>
  [await memberAccount(tx, player), await houseAccount(tx, player.siteId, player.currency, house, player.memberId)] as const;

/** A wallet call's transaction; once committed, if it moved money, the member's open clients are told. */
async function applying(deps: Pick<Deps, 'db' | 'bus'>, player: Player, work: (tx: Tx) => Promise<{ answer: WalletAnswer; moved: boolean }>) {
  const { answer, moved } = await deps.db.transaction(work);
  if (moved) await announceBalance(deps, player, 'game', answer.balance);
  return answer;
}

/** `session`: who the launch's token plays as; refused for a disabled provider (no new play). */
export async function session(db: Db, p: ProviderRow, token: string) {
  if (!p.enabled) fail('PROVIDER_DISABLED');
  const ticket = await ticketOf(db, p, token);
  const player = await playerOf(db, ticket.member_id);
  const { playerId, currency, balance } = answerOf(player, await mainBalance(db, player), null);
  return { playerId, nickname: player.nickname, currency, balance, gameCode: ticket.game_id };
}

export async function balance(db: Db, p: ProviderRow, token: string): Promise<WalletAnswer> {
  const player = await playerOf(db, (await ticketOf(db, p, token)).member_id);
  return answerOf(player, await mainBalance(db, player), null);
}

interface TxRow {
  kind: 'debit' | 'credit';
  member_id: unknown;
  round_id: string;
  amount_minor: unknown;
  status: 'applied' | 'rolled_back' | 'tombstone';
  answer: WalletAnswer | null;
  rollback_answer: WalletAnswer | null;
}

interface Claim {
  kind: 'debit' | 'credit';
  memberId: number;
  roundId: string;
  amountMinor: bigint;
}

/**
 * Claims a transaction id in the caller's transaction: null when fresh (this call applies it), else
 * the row as first applied. A twin claim waits on the row until this transaction ends.
 */
async function claim(tx: Tx, p: ProviderRow, txId: string, c: Claim): Promise<TxRow | null> {
  const inserted = await rowsOf(
    tx,
    sql`
    INSERT INTO provider_transactions (api_name, tx_id, kind, member_id, round_id, amount_minor, status)
    VALUES (${p.api_name}, ${txId}, ${c.kind}, ${c.memberId}, ${c.roundId}, ${c.amountMinor.toString()}, 'applied')
    ON CONFLICT DO NOTHING RETURNING tx_id`,
  );
  return inserted.length ? null : lockedTx(tx, p, txId);
}

async function lockedTx(tx: Tx, p: ProviderRow, txId: string): Promise<TxRow> {
  const [row] = await rowsOf<TxRow>(tx, sql`SELECT * FROM provider_transactions WHERE api_name = ${p.api_name} AND tx_id = ${txId} FOR UPDATE`);
  return row;
}

/** A repeat: the first result, if it is the same transaction; a tombstoned debit is refused for ever. */
function repeatOf(row: TxRow, c: Claim): WalletAnswer {
  if (row.kind === 'debit' && row.status === 'tombstone') fail('PROVIDER_TX_ROLLED_BACK');
  const same =
    row.kind === c.kind && Number(row.member_id) === c.memberId && row.round_id === c.roundId && BigInt(row.amount_minor as string) === c.amountMinor;
  if (!same || !row.answer) fail('PROVIDER_TX_MISMATCH');
  return row.answer!;
}

async function recordAnswer(tx: Tx, p: ProviderRow, txId: string, answer: WalletAnswer, column: 'answer' | 'rollback_answer' = 'answer'): Promise<void> {
  await tx.execute(sql`
    UPDATE provider_transactions SET ${sql.raw(column)} = ${JSON.stringify(answer)}::jsonb
    WHERE api_name = ${p.api_name} AND tx_id = ${txId}`);
}

/** The member of the round's debits (tombstones aside), or null when it has none yet. */
async function roundPlayer(tx: Tx, p: ProviderRow, roundId: string): Promise<number | null> {
  const [row] = await rowsOf<{ member_id: unknown }>(
    tx,
    sql`
    SELECT member_id FROM provider_transactions
    WHERE api_name = ${p.api_name} AND round_id = ${roundId} AND kind = 'debit' AND status <> 'tombstone' LIMIT 1`,
  );
  return row ? Number(row.member_id) : null;
}

export interface Debit {
  token: string;
  playerId: string;
  transactionId: string;
  roundId: string;
  gameCode: string;
  gameName?: string;
  amount: number;
}

/**
 * A stake: opens the round or adds to it. Needs the launch's live session and a balance that
 * covers it (checked with the wallet locked: concurrent debits never overdraw).
 */
export async function debit(deps: Pick<Deps, 'db' | 'bus'>, p: ProviderRow, d: Debit): Promise<WalletAnswer> {
  const { db } = deps;
  if (!p.enabled) fail('PROVIDER_DISABLED');
  const ticket = await ticketOf(db, p, d.token);
  if (String(ticket.member_id) !== d.playerId) fail('PROVIDER_PLAYER_MISMATCH');
  const player = await playerOf(db, ticket.member_id);
  const amountMinor = toMinor(d.amount);
  const c: Claim = { kind: 'debit', memberId: player.memberId, roundId: d.roundId, amountMinor };
  return applying(deps, player, async (tx) => {
    const first = await claim(tx, p, d.transactionId, c);
    if (first) return { answer: repeatOf(first, c), moved: false };
    const owner = await roundPlayer(tx, p, d.roundId);
    if (owner !== null && owner !== player.memberId) fail('PROVIDER_PLAYER_MISMATCH');

    const [main, stakes] = await walletAnd(tx, player, 'stakes');
    const before = await lockedBalanceOf(tx, main, stakes);
    if (before < amountMinor) fail('PROVIDER_INSUFFICIENT_BALANCE');
    const round = roundRef(p, d.roundId);
    const restaked = await restakeRound(tx, round, amountMinor);
    if (restaked === 'closed') fail('PROVIDER_ROUND_CLOSED');
    if (restaked === 'none') {
      await openRound(tx, {
        roundId: round,
        memberId: player.memberId,
        siteId: player.siteId,
        apiName: p.api_name,
        kind: kindOf(p),
        gameCode: d.gameCode,
        gameName: d.gameName ?? d.gameCode,
        stakeMinor: amountMinor,
        balanceBeforeMinor: before,
        detail: { providerRound: d.roundId },
      });
    }
    const posted = await postTransfer(tx, { from: main, to: stakes, amountMinor, kind: STAKE, ref: ledgerRef(p, d.transactionId) });
    const answer = answerOf(player, posted.fromBalance, d.transactionId);
    await recordAnswer(tx, p, d.transactionId, answer);
    return { answer, moved: true };
  });
}

export interface Credit {
  playerId: string;
  transactionId: string;
  roundId: string;
  amount: number;
}

/**
 * The round's result: settles the round its debits opened and pays the amount (0: a loss). A round
 * with no debit yet is refused and nothing is recorded, so the provider's retry after the debit
 * applies; a round settled or refunded already is refused.
 */
export async function credit(deps: Pick<Deps, 'db' | 'bus'>, p: ProviderRow, cr: Credit): Promise<WalletAnswer> {
  const { db } = deps;
  const player = await playerOf(db, Number(cr.playerId));
  const amountMinor = toMinor(cr.amount);
  const c: Claim = { kind: 'credit', memberId: player.memberId, roundId: cr.roundId, amountMinor };
  return applying(deps, player, async (tx) => {
    const first = await claim(tx, p, cr.transactionId, c);
    if (first) return { answer: repeatOf(first, c), moved: false };
    const owner = await roundPlayer(tx, p, cr.roundId);
    if (owner === null) fail('PROVIDER_ROUND_UNKNOWN');
    if (owner !== player.memberId) fail('PROVIDER_PLAYER_MISMATCH');

    const [main, payouts] = await walletAnd(tx, player, 'payouts');
    const after = (await lockedBalanceOf(tx, main, payouts)) + amountMinor;
    const settled = await closeRound(tx, roundRef(p, cr.roundId), {
      payoutMinor: amountMinor,
      balanceAfterMinor: after,
      detail: { creditTx: cr.transactionId },
    });
    if (!settled) fail('PROVIDER_ROUND_CLOSED');
    if (amountMinor > 0n) await postTransfer(tx, { from: payouts, to: main, amountMinor, kind: PAYOUT, ref: ledgerRef(p, cr.transactionId) });
    const answer = answerOf(player, after, cr.transactionId);
    await recordAnswer(tx, p, cr.transactionId, answer);
    return { answer, moved: amountMinor > 0n };
  });
}

export interface Rollback {
  playerId: string;
  /** The debit's own transaction id. */
  transactionId: string;
  roundId: string;
}

/**
 * Reverses a debit of an open round: its stake back to main, the round's stake less it (refunded
 * when no debit of it remains). A debit never seen is recorded as rolled back (a tombstone), so
 * when it arrives late it is refused. A repeat answers the first rollback's result.
 */
export async function rollback(deps: Pick<Deps, 'db' | 'bus'>, p: ProviderRow, r: Rollback): Promise<WalletAnswer> {
  const { db } = deps;
  const player = await playerOf(db, Number(r.playerId));
  return applying(deps, player, async (tx) => {
    const tombstone = await rowsOf(
      tx,
      sql`
      INSERT INTO provider_transactions (api_name, tx_id, kind, member_id, round_id, status, rolled_back_at)
      VALUES (${p.api_name}, ${r.transactionId}, 'debit', ${player.memberId}, ${r.roundId}, 'tombstone', now())
      ON CONFLICT DO NOTHING RETURNING tx_id`,
    );
    if (tombstone.length) {
      const answer = answerOf(player, await mainBalance(tx, player), r.transactionId);
      await recordAnswer(tx, p, r.transactionId, answer, 'rollback_answer');
      return { answer, moved: false };
    }
    const row = await lockedTx(tx, p, r.transactionId);
    if (row.kind !== 'debit' || Number(row.member_id) !== player.memberId || row.round_id !== r.roundId) fail('PROVIDER_TX_MISMATCH');
    if (row.status !== 'applied') return { answer: row.rollback_answer!, moved: false };
    return { answer: await reverseDebit(tx, p, player, r, BigInt(row.amount_minor as string)), moved: true };
  });
}

async function reverseDebit(tx: Tx, p: ProviderRow, player: Player, r: Rollback, amountMinor: bigint): Promise<WalletAnswer> {
  const ref = ledgerRef(p, r.transactionId);
  // Back between the stake's own accounts, never ones looked up afresh.
  const stake = (await postedTransfer(tx, STAKE, ref))!;
  const after = (await lockedBalanceOf(tx, stake.from, stake.to)) + amountMinor;
  const [others] = await rowsOf<{ n: unknown }>(
    tx,
    sql`
    SELECT count(*) AS n FROM provider_transactions
    WHERE api_name = ${p.api_name} AND round_id = ${r.roundId} AND kind = 'debit' AND status = 'applied' AND tx_id <> ${r.transactionId}`,
  );
  const round = roundRef(p, r.roundId);
  const open =
    Number(others.n) > 0
      ? typeof (await restakeRound(tx, round, -amountMinor)) === 'object'
      : await closeRound(tx, round, { payoutMinor: amountMinor, balanceAfterMinor: after, refunded: true, detail: { rolledBack: r.transactionId } });
  if (!open) fail('PROVIDER_ROUND_CLOSED');
  await postTransfer(tx, { from: stake.to, to: stake.from, amountMinor, kind: REFUND, ref });
  const answer = answerOf(player, after, r.transactionId);
  await tx.execute(sql`
    UPDATE provider_transactions SET status = 'rolled_back', rolled_back_at = now(), rollback_answer = ${JSON.stringify(answer)}::jsonb
    WHERE api_name = ${p.api_name} AND tx_id = ${r.transactionId}`);
  return answer;
}

/** A round's postings in the ledger (our round id `<api_name>:<theirs>`): each of its debits' stake and refund, its credits' payout. */
export async function ledgerOfRound(db: DbOrTx, apiName: string, roundId: string): Promise<Array<{ kind: string; ref: string }>> {
  const theirs = roundId.slice(apiName.length + 1);
  const txs = await rowsOf<{ tx_id: string }>(db, sql`SELECT tx_id FROM provider_transactions WHERE api_name = ${apiName} AND round_id = ${theirs}`);
  return txs.flatMap((t) => [STAKE, PAYOUT, REFUND].map((kind) => ({ kind, ref: `provider:${apiName}:${t.tx_id}` })));
}
