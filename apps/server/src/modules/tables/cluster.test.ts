import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channel } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { dropSchema } from '../../platform/db/index.ts';
import { openSocket, type TestSocket } from '../../platform/realtime/testing.ts';

/**
 * Two instances of one deployment (one PostgreSQL schema, one Redis): the one running jobs deals
 * (TABLES_SPEED 10: a baccarat round in 3 s), the other (RUN_JOBS=off) only serves; both agree on
 * the round, and a client of the serving one gets the dealer's frames. Needs both; skipped otherwise.
 */
const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const sharedSchema = databaseUrl ? `t_tc${randomBytes(5).toString('hex')}` : null;

describe.runIf(redisUrl && sharedSchema)('a live table on two instances', () => {
  let dealer: TestServer;
  let server: TestServer;
  let socket: TestSocket;
  beforeAll(async () => {
    const shared = { redisPrefix: `tc${randomBytes(4).toString('hex')}:`, databaseSchema: sharedSchema!, tablesSpeed: 10 };
    dealer = await startTestServer({ ...shared, runJobs: true });
    server = await startTestServer({ ...shared, runJobs: false });
    await server.app.listen({ port: 0, host: '127.0.0.1' });
    socket = await openSocket(`ws://127.0.0.1:${(server.app.server.address() as AddressInfo).port}/ws`);
  });
  afterAll(async () => {
    socket?.close();
    await Promise.all([dealer?.close(), server?.close()]);
    await dropSchema(databaseUrl!, sharedSchema!);
  });

  it("both see the same round and outcome; the serving instance's socket gets the dealer's frames", async () => {
    socket.send({ type: 'sub', ch: channel.table('bac1') });
    await socket.next((f) => f.type === 'sub.ok');
    const dealt = await socket.next((f) => f.type === 'table.round' && f.data.round.status === 'dealt', 15_000);
    const round = (dealt.data as { round: { roundNo: number; outcome: unknown } }).round;
    expect(round.outcome).toMatchObject({ game: 'baccarat' });
    const settled = await socket.next((f) => f.type === 'table.round' && f.data.round.status === 'settled' && f.data.round.roundNo === round.roundNo, 15_000);
    expect((settled.data as { round: { outcome: unknown } }).round.outcome).toEqual(round.outcome);
    const [onDealer, onServer] = await Promise.all([dealer, server].map((s) => s.call('/api/tables/state', { tableId: 'bac1' })));
    expect(onServer.data.table.history.at(-1)).toEqual(onDealer.data.table.history.at(-1));
    expect(onServer.data.table.history.at(-1)).toMatchObject({ roundNo: round.roundNo, outcome: round.outcome });
    expect(Math.abs(onServer.data.table.round.roundNo - onDealer.data.table.round.roundNo)).toBeLessThanOrEqual(1);
  }, 40_000);
});
