import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { dropSchema, openDatabase, type Database } from './index.ts';

// Only PostgreSQL has concurrent transactions to deadlock; PGlite runs one at a time.
const url = process.env.DATABASE_URL;
const schema = `t_${randomBytes(6).toString('hex')}`;
let database: Database;

describe.skipIf(!url)('transactions that lose a deadlock', () => {
  beforeAll(async () => {
    database = await openDatabase({ ...loadConfig(process.env), databaseSchema: schema });
    await database.exec('CREATE TABLE counters (id int PRIMARY KEY, n int NOT NULL); INSERT INTO counters VALUES (1, 0), (2, 0);');
  });
  afterAll(async () => {
    await database.close();
    await dropSchema(url!, schema);
  });

  it('[hardening] run again instead of failing: two transactions locking in opposite orders both commit once', async () => {
    let runs = 0;
    let bothHoldOne: () => void;
    const barrier = new Promise<void>((resolve) => (bothHoldOne = resolve));
    let holding = 0;
    const bump = (first: number, second: number) =>
      database.db.transaction(async (tx) => {
        runs++;
        await tx.execute(sql`UPDATE counters SET n = n + 1 WHERE id = ${first}`);
        if (++holding === 2) bothHoldOne();
        await barrier;
        await tx.execute(sql`UPDATE counters SET n = n + 1 WHERE id = ${second}`);
      });
    await Promise.all([bump(1, 2), bump(2, 1)]);
    // The deadlock's victim ran again (one more run as a rule; a busy CI machine once counted two
    // more); each transaction still committed exactly once, as the counters say.
    expect(runs).toBeGreaterThanOrEqual(3);
    const { rows } = await database.db.execute(sql`SELECT id, n FROM counters ORDER BY id`);
    expect(rows).toEqual([
      { id: 1, n: 2 },
      { id: 2, n: 2 },
    ]);
  });
});
