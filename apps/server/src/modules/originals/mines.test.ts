import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors, minesMultiplier } from '@bp/contract';
import { dropSchema, oneOf } from '../../platform/db/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { referenceMines } from './reference.testing.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
});
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const mines = (token: string, step: 'start' | 'reveal' | 'cashout', body: object, key = newKey(), server = s) =>
  server.call(`/api/originals/mines/${step}`, body, { token, key });

/** The board of a member's open round, as the test alone may read it: the secret seed with the independent implementation. */
async function boardOf(server: TestServer, memberId: number, count: number): Promise<number[]> {
  const row = await oneOf<{ server_seed: string; client_seed: string; nonce: number }>(
    server.deps.db,
    sql`SELECT s.server_seed, s.client_seed, m.nonce FROM originals_mines m JOIN originals_seeds s USING (seed_id) WHERE m.member_id = ${memberId} AND m.status = 'open'`,
  );
  return referenceMines(count, row!.server_seed, row!.client_seed, row!.nonce);
}
const safeOf = (board: number[]) => [...Array(25).keys()].filter((t) => !board.includes(t));

describe('house originals: mines', () => {
  it('start, reveal safe tiles, cash out what they are worth; the board shown at the end is the revealed seed’s', async () => {
    const m = await s.member();
    await w.fund(m.token, 100);
    const started = await mines(m.token, 'start', { amount: 10, mines: 3 });
    expect(started.code, started.msg).toBe(0);
    expect(started.data).toMatchObject({
      status: 'open',
      revealed: [],
      minePositions: null,
      balance: 90,
      multiplier: 1,
      nextMultiplier: minesMultiplier(3, 1) / 10_000,
    });
    const board = await boardOf(s, m.memberId, 3);
    const [a, b] = safeOf(board);
    expect((await mines(m.token, 'reveal', { roundId: started.data.roundId, tile: a })).data).toMatchObject({ status: 'open', revealed: [a] });
    const second = await mines(m.token, 'reveal', { roundId: started.data.roundId, tile: b });
    expect(second.data.multiplier).toBe(minesMultiplier(3, 2) / 10_000);
    const cashed = await mines(m.token, 'cashout', { roundId: started.data.roundId });
    const payout = Math.floor((1000 * minesMultiplier(3, 2)) / 10_000) / 100;
    expect(cashed.data).toMatchObject({ status: 'cashed', payout, balance: 90 + payout });
    expect([...cashed.data.minePositions].sort()).toEqual([...board].sort());
    expect((await w.balance(m.token)).main).toBe(90 + payout);
    const rotated = await s.call('/api/originals/seed/rotate', {}, { token: m.token });
    expect(referenceMines(3, rotated.data.revealedServerSeed, started.data.clientSeed, started.data.nonce)).toEqual(cashed.data.minePositions);
    const records = await s.call('/api/game/records', { api_name: 'ORIG' }, { token: m.token });
    expect(records.data.list[0]).toMatchObject({ gameCode: 'mines', stake: 10, payout, balanceBefore: 100, balanceAfter: 90 + payout, status: 'settled' });
  });

  it('a mine ends the round lost; the round is settled with nothing paid', async () => {
    const m = await s.member();
    await w.fund(m.token, 20);
    const started = await mines(m.token, 'start', { amount: 5, mines: 24 });
    const [mine] = await boardOf(s, m.memberId, 24);
    const busted = await mines(m.token, 'reveal', { roundId: started.data.roundId, tile: mine });
    expect(busted.data).toMatchObject({ status: 'busted', payout: 0, balance: 15 });
    expect(busted.data.minePositions).toHaveLength(24);
    expect((await mines(m.token, 'cashout', { roundId: started.data.roundId })).code).toBe(Errors.ORIGINALS_ROUND_CLOSED.code);
    expect((await s.call('/api/game/records', {}, { token: m.token })).data.list[0]).toMatchObject({ status: 'settled', payout: 0, balanceAfter: 15 });
  });

  it('a reveal and a cash-out of one round at once pay once; repeats by key answer the same', async () => {
    const m = await s.member();
    await w.fund(m.token, 50);
    const started = await mines(m.token, 'start', { amount: 10, mines: 1 });
    const safe = safeOf(await boardOf(s, m.memberId, 1));
    await mines(m.token, 'reveal', { roundId: started.data.roundId, tile: safe[0] });
    const key = newKey();
    const race = await Promise.all([
      mines(m.token, 'cashout', { roundId: started.data.roundId }, key),
      mines(m.token, 'cashout', { roundId: started.data.roundId }, key),
      mines(m.token, 'cashout', { roundId: started.data.roundId }),
      mines(m.token, 'reveal', { roundId: started.data.roundId, tile: safe[1] }),
    ]);
    const cashed = race.filter((r) => r.code === 0 && r.data.status === 'cashed');
    const payouts = new Set(cashed.map((r) => r.data.payout));
    expect(payouts.size).toBe(1);
    const paid = [...payouts][0];
    expect((await w.balance(m.token)).main).toBe(40 + paid);
    for (const r of race.filter((x) => x.code !== 0)) expect([Errors.ORIGINALS_ROUND_CLOSED.code, Errors.IDEMPOTENCY_IN_FLIGHT.code]).toContain(r.code);
  });

  it('bad input is refused in words and changes nothing: mines count, tiles, an empty cash-out, a second round, rotation while open', async () => {
    const m = await s.member();
    await w.fund(m.token, 10);
    for (const count of [0, 25, 2.5]) expect((await mines(m.token, 'start', { amount: 1, mines: count })).code).toBe(Errors.ORIGINALS_MINES_COUNT.code);
    expect((await mines(m.token, 'start', { amount: 1.001, mines: 3 })).code).toBe(Errors.VALIDATION.code);
    const started = await mines(m.token, 'start', { amount: 1, mines: 3 });
    const id = started.data.roundId;
    expect((await mines(m.token, 'cashout', { roundId: id })).code).toBe(Errors.ORIGINALS_CASHOUT_EMPTY.code);
    expect((await mines(m.token, 'reveal', { roundId: id, tile: 25 })).code).toBe(Errors.ORIGINALS_MINES_TILE.code);
    expect((await mines(m.token, 'reveal', { roundId: id, tile: -1 })).code).toBe(Errors.ORIGINALS_MINES_TILE.code);
    expect((await mines(m.token, 'reveal', { roundId: 'ORIG-0-0', tile: 1 })).code).toBe(Errors.ORIGINALS_ROUND_UNKNOWN.code);
    expect((await mines(m.token, 'start', { amount: 1, mines: 3 })).code).toBe(Errors.ORIGINALS_ROUND_OPEN.code);
    expect((await s.call('/api/originals/seed/rotate', {}, { token: m.token })).code).toBe(Errors.ORIGINALS_ROUND_OPEN.code);
    const other = await s.member();
    expect((await mines(other.token, 'reveal', { roundId: id, tile: 1 })).code).toBe(Errors.ORIGINALS_ROUND_UNKNOWN.code);
    expect((await w.balance(m.token)).main).toBe(9);
    expect((await s.call('/api/originals/seed', {}, { token: m.token })).data.nonce).toBe(1);
  });
});

describe('an open mines round and a restart', () => {
  const databaseUrl = process.env.DATABASE_URL || null;
  const schema = databaseUrl ? `t_mines_${randomBytes(5).toString('hex')}` : null;
  const dataDir = schema ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'mines-restart-'));
  const storage = schema ? { databaseSchema: schema } : { dataDir: dataDir! };
  afterAll(async () => {
    if (schema) await dropSchema(databaseUrl!, schema);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('survives: after the restart it is continued and cashed out', async () => {
    let server = await startTestServer(storage);
    const m = await server.member();
    await caller(server).fund(m.token, 30);
    const started = await mines(m.token, 'start', { amount: 10, mines: 2 }, newKey(), server);
    const safe = safeOf(await boardOf(server, m.memberId, 2));
    await mines(m.token, 'reveal', { roundId: started.data.roundId, tile: safe[0] }, newKey(), server);
    await server.close();

    server = await startTestServer(storage);
    const current = await server.call('/api/originals/mines/current', {}, { token: m.token });
    expect(current.data.round).toMatchObject({ roundId: started.data.roundId, status: 'open', revealed: [safe[0]], balance: 20 });
    await mines(m.token, 'reveal', { roundId: started.data.roundId, tile: safe[1] }, newKey(), server);
    const cashed = await mines(m.token, 'cashout', { roundId: started.data.roundId }, newKey(), server);
    expect(cashed.data).toMatchObject({ status: 'cashed', payout: Math.floor((1000 * minesMultiplier(2, 2)) / 10_000) / 100 });
    expect((await server.call('/api/originals/mines/current', {}, { token: m.token })).data.round).toBeNull();
    await expectLedgerSound(server);
    await server.close();
    // Two servers start on one database: migrations and demo data twice on a busy machine.
  }, 120_000);
});
