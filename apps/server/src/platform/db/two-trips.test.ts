import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { inTwoTrips } from './index.ts';

let s: TestServer;
beforeAll(async () => (s = await startTestServer()));
afterAll(() => s.close());

const MEMBER = 9_900_001;
const claim = (key: string) => sql`INSERT INTO idempotency_keys (member_id, key, request_hash, state) VALUES (${MEMBER}, ${key}, 'h', 'done') RETURNING key`;
const claimed = async (key: string) =>
  (await s.deps.db.execute(sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE member_id = ${MEMBER} AND key = ${key}`)).rows[0].n;

describe('a transaction in two round trips (issue 18)', () => {
  it('answers each statement of both messages, and what they wrote is seen by others only once committed', async () => {
    const [first, second] = [randomUUID(), randomUUID()];
    let seenBeforeCommit: unknown;
    const answers = await inTwoTrips(s.deps.db, async (trips) => {
      const opened = await trips.open([claim(first), sql`SELECT ${41}::int + 1 AS n`]);
      // PGlite has one connection: a reader there waits for the transaction, so it is asked on PostgreSQL only.
      if (s.deps.database.kind === 'postgres') seenBeforeCommit = await claimed(first);
      const closed = await trips.close(claim(second));
      return { opened, closed };
    });
    expect(answers).toEqual({ opened: [[{ key: first }], [{ n: 42 }]], closed: [{ key: second }] });
    if (s.deps.database.kind === 'postgres') expect(seenBeforeCommit).toBe(0);
    expect([await claimed(first), await claimed(second)]).toEqual([1, 1]);
  });

  it('keeps nothing when the work between the messages fails, nor when the last statement fails, and runs again after', async () => {
    const keys = [randomUUID(), randomUUID()];
    const refused = await inTwoTrips(s.deps.db, async (trips) => {
      await trips.open([claim(keys[0])]);
      throw new Error('refused between the trips');
    }).catch((err: Error) => err.message);
    expect(refused).toBe('refused between the trips');
    const failed = await inTwoTrips(s.deps.db, async (trips) => {
      await trips.open([claim(keys[1])]);
      return trips.close(claim(keys[1])); // the same key twice: the primary key refuses it
    }).catch(() => 'failed');
    expect(failed).toBe('failed');
    expect([await claimed(keys[0]), await claimed(keys[1])]).toEqual([0, 0]);
    for (let i = 0; i < 3; i++) {
      const again = randomUUID();
      await inTwoTrips(s.deps.db, async (trips) => {
        await trips.open([claim(again)]);
        return trips.close(null);
      });
      expect(await claimed(again)).toBe(1);
    }
  });

  it('sends every parameter as it is: quotes, backslashes, nulls, times and array literals', async () => {
    const at = new Date('2026-11-30T07:00:00.123Z');
    const [[row]] = await inTwoTrips(s.deps.db, async (trips) => {
      const rows = await trips.open([
        sql`SELECT ${"it's \\ a 'test'"}::text AS text, ${null}::text AS nothing, ${at}::timestamptz = '2026-11-30T07:00:00.123Z'::timestamptz AS same_time,
          ${'{"a\\"b","c,d"}'}::text[] AS list, ${9_007_199_254_740_993n}::numeric::text AS big, ${true}::boolean AS yes`,
      ]);
      await trips.close(null);
      return rows;
    });
    expect(row).toEqual({ text: "it's \\ a 'test'", nothing: null, same_time: true, list: ['a"b', 'c,d'], big: '9007199254740993', yes: true });
  });
});
