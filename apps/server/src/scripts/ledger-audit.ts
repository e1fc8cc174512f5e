/**
 * `npm run ledger:audit`: recomputes every balance from the transfers and checks the ledger's
 * invariants on the configured database (DATA_DIR for PGlite, or DATABASE_URL [+ DATABASE_SCHEMA]).
 * Exits 1 on any difference. On PGlite, stop the server first: one process owns a data folder.
 */
import { loadConfig } from '../platform/config.ts';
import { openDatabase } from '../platform/db/index.ts';
import { auditLedger, type LedgerAudit } from '../modules/wallet/index.ts';

function report(kind: string, audit: LedgerAudit): string[] {
  const lines = [`ledger audit (${kind}): ${audit.accounts} accounts, ${audit.transfers} transfers`];
  for (const m of audit.mismatches) lines.push(`MISMATCH ${m.account}: balance ${m.balance}, transfers say ${m.fromTransfers}`);
  for (const u of audit.unbalanced) lines.push(`UNBALANCED ${u.currency}: balances sum to ${u.total}, not 0`);
  for (const n of audit.negative) lines.push(`NEGATIVE ${n.account}: ${n.balance}`);
  for (const c of audit.chainBreaks) lines.push(`CHAIN BREAK ${c.account} at transfer ${c.transferId}`);
  for (const o of audit.orphans) lines.push(`ORPHAN transfer ${o.transferId} names an account that is not there`);
  if (audit.ok) lines.push('OK: every balance equals its transfers, every currency sums to zero, no member account below zero');
  return lines;
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  const [{ present }] = await database.query<{ present: boolean }>(`SELECT to_regclass('wallet_transfers') IS NOT NULL AS present`);
  if (!present) {
    console.log('ledger audit: no ledger in this database yet (start the server once to migrate it)');
  } else {
    const audit = await auditLedger(database.db);
    for (const line of report(database.kind, audit)) console.log(line);
    process.exitCode = audit.ok ? 0 : 1;
  }
} finally {
  await database.close();
}
