import { sql } from 'drizzle-orm';
import { rowsOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { phaseBatcher } from './phases.ts';
import type { VenueAdapter, VenueOutcome, VenueRefStatus } from './adapter.ts';
import { callPrepared } from './prepared.ts';

interface SandboxTransfer {
  direction: 'deposit' | 'withdraw' | 'fence';
  status: 'success' | 'failed';
}

/** Why the sandbox refused a ref: more than the player holds, fenced by a status question, or refused before. */
const REFUSALS = { short: '游戏平台余额不足', fenced: '转账已作废', failed_before: '转账已失败' } as const;

type MoveAsk = [apiName: string, ref: string, playerId: number, direction: 'deposit' | 'withdraw', amountMinor: string];
type MoveRow = { outcome: keyof typeof REFUSALS | 'success'; balance_after: unknown };

/** The sandbox's moves, one statement for those asked together (at most one per player and venue in a batch). */
const sandboxMove = phaseBatcher<MoveAsk, MoveRow>(
  'venue_sandbox_move_many',
  ['text[]', 'text[]', 'bigint[]', 'text[]', 'bigint[]'],
  (ask) => ask,
  async (db, ask) => (await callPrepared(db, 'venue_sandbox_move', 'outcome, balance_after', ask))[0] as MoveRow,
  ([apiName, , playerId]) => `${apiName}:${playerId}`,
);

/**
 * A built-in sandbox venue: the far side of a transfer, with its own books (venue_sandbox_*),
 * written in transactions of its own as a remote provider's would be. Idempotent by ref; a ref
 * asked about before it arrived is fenced.
 */
export class SandboxVenue implements VenueAdapter {
  constructor(
    private readonly db: Db,
    readonly apiName: string,
  ) {}

  /** Gathered with the moves asked at the same time into one statement and one transaction (SQL function sql/venue_sandbox_move_many.sql). */
  private async move(ref: string, memberId: number, amountMinor: bigint, direction: 'deposit' | 'withdraw'): Promise<VenueOutcome> {
    const row = await sandboxMove(this.db, [this.apiName, ref, memberId, direction, amountMinor.toString()]);
    if (row.outcome === 'success') return { status: 'success', balanceMinor: BigInt(row.balance_after as string) };
    return { status: 'failed', reason: REFUSALS[row.outcome] };
  }

  deposit(ref: string, memberId: number, amountMinor: bigint): Promise<VenueOutcome> {
    return this.move(ref, memberId, amountMinor, 'deposit');
  }

  withdraw(ref: string, memberId: number, amountMinor: bigint): Promise<VenueOutcome> {
    return this.move(ref, memberId, amountMinor, 'withdraw');
  }

  async balance(memberId: number): Promise<bigint> {
    const [row] = await rowsOf<{ balance: string }>(
      this.db,
      sql`
      SELECT balance FROM venue_sandbox_wallets WHERE api_name = ${this.apiName} AND player_id = ${memberId}`,
    );
    return row ? BigInt(row.balance) : 0n;
  }

  async status(ref: string): Promise<VenueRefStatus> {
    // Fence first (a no-op for a ref already there), then read: an unknown ref is now refused for good.
    await this.db.execute(sql`
      INSERT INTO venue_sandbox_transfers (api_name, ref, player_id, direction, amount_minor, status)
      VALUES (${this.apiName}, ${ref}, 0, 'fence', 0, 'failed') ON CONFLICT DO NOTHING`);
    const [row] = await rowsOf<SandboxTransfer>(
      this.db,
      sql`
      SELECT direction, status FROM venue_sandbox_transfers WHERE api_name = ${this.apiName} AND ref = ${ref}`,
    );
    return row.status;
  }

  /**
   * Sandbox game play (the casino's sandbox games call this): the stake taken and the payout paid
   * in one statement, only while the member holds the stake. Answers the balance after, or null
   * when the stake is more than the member holds (nothing changed): concurrent rounds queue on the
   * row, each judged against what the one before left. `tx`: the round's own transaction (its
   * idempotency key claimed in it).
   */
  async play(memberId: number, stakeMinor: bigint, payoutMinor: bigint, tx: DbOrTx = this.db): Promise<bigint | null> {
    const [row] = await rowsOf<{ balance: string }>(
      tx,
      sql`
      UPDATE venue_sandbox_wallets SET balance = balance - ${stakeMinor.toString()} + ${payoutMinor.toString()}
      WHERE api_name = ${this.apiName} AND player_id = ${memberId} AND balance >= ${stakeMinor.toString()}
      RETURNING balance`,
    );
    return row ? BigInt(row.balance) : null;
  }
}
