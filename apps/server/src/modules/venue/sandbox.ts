import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../platform/db/index.ts';
import type { VenueAdapter, VenueOutcome, VenueRefStatus } from './adapter.ts';

interface SandboxTransfer {
  direction: 'deposit' | 'withdraw' | 'fence';
  status: 'success' | 'failed';
}

const rowsOf = async <T>(tx: DbOrTx, q: ReturnType<typeof sql>) => (await tx.execute(q)).rows as T[];

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

  /** The member's venue balance, the row locked (created at 0 on first use). */
  private async wallet(tx: DbOrTx, memberId: number): Promise<bigint> {
    const [row] = await rowsOf<{ balance: string }>(tx, sql`
      INSERT INTO venue_sandbox_wallets (api_name, player_id) VALUES (${this.apiName}, ${memberId})
      ON CONFLICT (api_name, player_id) DO UPDATE SET balance = venue_sandbox_wallets.balance
      RETURNING balance`);
    return BigInt(row.balance);
  }

  private async move(ref: string, memberId: number, amountMinor: bigint, direction: 'deposit' | 'withdraw'): Promise<VenueOutcome> {
    return this.db.transaction(async (tx) => {
      const balance = await this.wallet(tx, memberId);
      const [seen] = await rowsOf<SandboxTransfer>(tx, sql`
        SELECT direction, status FROM venue_sandbox_transfers WHERE api_name = ${this.apiName} AND ref = ${ref}`);
      if (seen) {
        // A repeat answers the first outcome; a fenced ref stays refused.
        return seen.status === 'success' && seen.direction === direction
          ? { status: 'success' as const, balanceMinor: balance }
          : { status: 'failed' as const, reason: seen.direction === 'fence' ? '转账已作废' : '转账已失败' };
      }
      const next = direction === 'deposit' ? balance + amountMinor : balance - amountMinor;
      const ok = next >= 0n;
      await tx.execute(sql`
        INSERT INTO venue_sandbox_transfers (api_name, ref, player_id, direction, amount_minor, status)
        VALUES (${this.apiName}, ${ref}, ${memberId}, ${direction}, ${amountMinor.toString()}, ${ok ? 'success' : 'failed'})`);
      if (!ok) return { status: 'failed' as const, reason: '游戏平台余额不足' };
      await tx.execute(sql`
        UPDATE venue_sandbox_wallets SET balance = ${next.toString()} WHERE api_name = ${this.apiName} AND player_id = ${memberId}`);
      return { status: 'success' as const, balanceMinor: next };
    });
  }

  deposit(ref: string, memberId: number, amountMinor: bigint): Promise<VenueOutcome> {
    return this.move(ref, memberId, amountMinor, 'deposit');
  }

  withdraw(ref: string, memberId: number, amountMinor: bigint): Promise<VenueOutcome> {
    return this.move(ref, memberId, amountMinor, 'withdraw');
  }

  async balance(memberId: number): Promise<bigint> {
    const [row] = await rowsOf<{ balance: string }>(this.db, sql`
      SELECT balance FROM venue_sandbox_wallets WHERE api_name = ${this.apiName} AND player_id = ${memberId}`);
    return row ? BigInt(row.balance) : 0n;
  }

  async status(ref: string): Promise<VenueRefStatus> {
    // Fence first (a no-op for a ref already there), then read: an unknown ref is now refused for good.
    await this.db.execute(sql`
      INSERT INTO venue_sandbox_transfers (api_name, ref, player_id, direction, amount_minor, status)
      VALUES (${this.apiName}, ${ref}, 0, 'fence', 0, 'failed') ON CONFLICT DO NOTHING`);
    const [row] = await rowsOf<SandboxTransfer>(this.db, sql`
      SELECT direction, status FROM venue_sandbox_transfers WHERE api_name = ${this.apiName} AND ref = ${ref}`);
    return row.status;
  }

  /** Sandbox game play: a member's result at the venue (the casino's sandbox games call this). */
  async play(memberId: number, resultMinor: bigint): Promise<bigint> {
    return this.db.transaction(async (tx) => {
      const balance = await this.wallet(tx, memberId);
      const next = balance + resultMinor < 0n ? 0n : balance + resultMinor;
      await tx.execute(sql`UPDATE venue_sandbox_wallets SET balance = ${next.toString()} WHERE api_name = ${this.apiName} AND player_id = ${memberId}`);
      return next;
    });
  }
}
