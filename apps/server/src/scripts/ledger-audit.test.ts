import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { postgresEnv, startTestServer, type TestServer } from '../test/harness.ts';
import { caller } from '../modules/wallet/testing.ts';
import { runLedgerAudit as audit } from './testing.ts';

/** Two runs of the script, each a process of its own (tsx, then PGlite's start), and two server starts: 60 s was not enough on a busy two-core machine. */
const AUDIT_LIMIT_MS = 120_000;

describe('npm run ledger:audit', () => {
  it(
    'finds nothing on a sound ledger and reports a tampered balance with a non-zero exit',
    async () => {
      const pglite = !process.env.DATABASE_URL;
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ledger-audit-'));
      let s: TestServer = await startTestServer(pglite ? { dataDir } : {});
      const env: Record<string, string> = pglite ? { DATA_DIR: dataDir } : postgresEnv(s);
      try {
        const w = caller(s);
        const m = await s.member();
        await w.fund(m.token, 321);
        // One process owns a PGlite folder: the server closes while the script reads it.
        if (pglite) await s.close();
        const sound = await audit(env);
        expect(sound.code, sound.out).toBe(0);
        expect(sound.out).toMatch(/OK: every balance equals its transfers/);

        if (pglite) s = await startTestServer({ dataDir });
        await s.deps.db.execute(sql`UPDATE wallet_accounts SET balance = balance + 1 WHERE account_key = ${`member:${m.memberId}:main`}`);
        if (pglite) await s.close();
        const tampered = await audit(env);
        expect(tampered.code).toBe(1);
        expect(tampered.out).toContain(`MISMATCH member:${m.memberId}:main: balance 32101, transfers say 32100`);
        expect(tampered.out).toMatch(/UNBALANCED CNY: balances sum to 1/);
      } finally {
        await s.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    AUDIT_LIMIT_MS,
  );
});
