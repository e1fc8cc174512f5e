import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';
import { oneOf, rowsOf } from './sql.ts';

export interface LedgerAudit {
  ok: boolean;
  accounts: number;
  transfers: number;
  /** Accounts whose balance differs from the sum of their transfers. */
  mismatches: Array<{ account: string; balance: string; fromTransfers: string }>;
  /** Currencies whose balances do not sum to zero. */
  unbalanced: Array<{ currency: string; total: string }>;
  /** Member accounts below zero. */
  negative: Array<{ account: string; balance: string }>;
  /** Transfers whose recorded balance-after does not follow from the account's previous one. */
  chainBreaks: Array<{ account: string; transferId: string }>;
  /** Transfers naming an account that is not there (no foreign key: migration 0166). */
  orphans: Array<{ transferId: string }>;
}

/**
 * Recomputes every balance from the immutable transfers and checks the ledger's invariants. The
 * balance-after chain holds because each transfer locks its accounts before taking its id.
 */
export async function auditLedger(db: DbOrTx): Promise<LedgerAudit> {
  const counts = await oneOf<{ accounts: string; transfers: string }>(
    db,
    sql`
    SELECT (SELECT count(*) FROM wallet_accounts) AS accounts, (SELECT count(*) FROM wallet_transfers) AS transfers`,
  );
  const mismatches = await rowsOf<{ account: string; balance: string; fromTransfers: string }>(
    db,
    sql`
    SELECT a.account_key AS account, a.balance::text AS balance, (coalesce(i.s, 0) - coalesce(o.s, 0))::text AS "fromTransfers"
    FROM wallet_accounts a
    LEFT JOIN (SELECT to_account, sum(amount_minor) AS s FROM wallet_transfers GROUP BY to_account) i ON i.to_account = a.account_id
    LEFT JOIN (SELECT from_account, sum(amount_minor) AS s FROM wallet_transfers GROUP BY from_account) o ON o.from_account = a.account_id
    WHERE a.balance <> coalesce(i.s, 0) - coalesce(o.s, 0)
    ORDER BY a.account_id`,
  );
  const unbalanced = await rowsOf<{ currency: string; total: string }>(
    db,
    sql`
    SELECT currency, sum(balance)::text AS total FROM wallet_accounts GROUP BY currency HAVING sum(balance) <> 0`,
  );
  const negative = await rowsOf<{ account: string; balance: string }>(
    db,
    sql`
    SELECT account_key AS account, balance::text AS balance FROM wallet_accounts WHERE kind <> 'house' AND balance < 0`,
  );
  const chainBreaks = await rowsOf<{ account: string; transferId: string }>(
    db,
    sql`
    WITH moves AS (
      SELECT from_account AS account_id, transfer_id, -amount_minor AS delta, from_balance_after AS after FROM wallet_transfers
      UNION ALL
      SELECT to_account, transfer_id, amount_minor, to_balance_after FROM wallet_transfers
    ), chained AS (
      SELECT *, lag(after) OVER (PARTITION BY account_id ORDER BY transfer_id) AS prev FROM moves
    )
    SELECT a.account_key AS account, c.transfer_id::text AS "transferId"
    FROM chained c JOIN wallet_accounts a ON a.account_id = c.account_id
    WHERE coalesce(c.prev, 0) + c.delta <> c.after
    ORDER BY c.transfer_id LIMIT 100`,
  );
  const orphans = await rowsOf<{ transferId: string }>(
    db,
    sql`
    SELECT t.transfer_id::text AS "transferId" FROM wallet_transfers t
    WHERE NOT EXISTS (SELECT 1 FROM wallet_accounts a WHERE a.account_id = t.from_account)
       OR NOT EXISTS (SELECT 1 FROM wallet_accounts a WHERE a.account_id = t.to_account)
    ORDER BY t.transfer_id LIMIT 100`,
  );
  return {
    ok: mismatches.length + unbalanced.length + negative.length + chainBreaks.length + orphans.length === 0,
    accounts: Number(counts?.accounts ?? 0),
    transfers: Number(counts?.transfers ?? 0),
    mismatches,
    unbalanced,
    negative,
    chainBreaks,
    orphans,
  };
}
