import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';

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

const ticketOf = (url: string) => new URL(url, 'http://x').searchParams.get('ticket')!;
const records = (token: string, body: object = {}) => s.call('/api/game/records', body, { token });

/** A member with `amount` at PG and a ticket of one game there. */
async function playerAtPg(amount: number) {
  const m = await s.member();
  await w.fund(m.token, amount);
  await w.move('/api/wallet/transfer', { api_name: 'PG', amount, transfer_out: false }, m.token);
  const launched = await w.move('/api/game/venue/launch', { venueEnName: 'PG', gameId: 'pg-candy-burst' }, m.token);
  return { ...m, ticket: ticketOf(launched.data.url) };
}

describe('game records', () => {
  it('[S7-11] every settled spin is a round with its stake, outcome, payout and the venue balance before and after', async () => {
    const m = await playerAtPg(30);
    const spins = [];
    for (const stake of [5, 3, 2]) spins.push((await s.call('/api/game/sandbox/spin', { ticket: m.ticket, stake }, { key: newKey() })).data);

    const res = await records(m.token);
    expect(res.code, res.msg).toBe(0);
    expect(res.data.total).toBe(3);
    const [latest, , first] = res.data.list;
    expect(first).toMatchObject({ api_name: 'PG', venueName: 'PG电子', kind: 'egame', gameCode: 'pg-candy-burst', stake: 5, status: 'settled' });
    expect(first.balanceBefore).toBe(30);
    expect(first.payout).toBe(spins[0].win);
    expect(first.balanceAfter).toBe(spins[0].balance);
    expect(first.detail).toEqual({ symbols: spins[0].symbols, multiplier: spins[0].multiplier });
    // Each round starts from where the one before left the balance.
    expect(latest.balanceBefore).toBe(res.data.list[1].balanceAfter);
    expect(latest.balanceAfter).toBe(spins[2].balance);
    expect(latest.createdAt).toBeGreaterThanOrEqual(first.createdAt);
    await w.move('/api/wallet/recover', {}, m.token);
  });

  it('[S7-11] records page by page and filter by venue and time; a repeated spin key records one round', async () => {
    const m = await playerAtPg(10);
    const key = newKey();
    await Promise.all([1, 2, 3].map(() => s.call('/api/game/sandbox/spin', { ticket: m.ticket, stake: 1 }, { key })));
    await s.call('/api/game/sandbox/spin', { ticket: m.ticket, stake: 1 }, { key: newKey() });

    expect((await records(m.token)).data.total).toBe(2);
    const paged = await records(m.token, { page: 2, size: 1 });
    expect(paged.data).toMatchObject({ total: 2, list: [{ stake: 1 }] });
    expect((await records(m.token, { page: 3, size: 1 })).data).toEqual({ list: [], total: 2 });
    expect((await records(m.token, { api_name: 'AG' })).data).toEqual({ list: [], total: 0 });
    const future = Date.now() + 60_000;
    expect((await records(m.token, { from: future })).data.total).toBe(0);
    expect((await records(m.token, { to: future, from: future - 3_600_000 })).data.total).toBe(2);
    // Another member sees none of them.
    const other = await s.member();
    expect((await records(other.token)).data).toEqual({ list: [], total: 0 });
    await w.move('/api/wallet/recover', {}, m.token);
  });

  it('[S7-11] a visitor is refused, and bad filters are refused in words', async () => {
    expect((await s.call('/api/game/records', {})).code).toBe(Errors.AUTH_INVALID.code);
    const m = await s.member();
    const backwards = await records(m.token, { from: 2_000, to: 1_000 });
    expect(backwards.code).toBe(Errors.VALIDATION.code);
    expect(backwards.msg).toContain('结束时间须晚于开始时间');
    expect((await records(m.token, { size: 101 })).code).toBe(Errors.VALIDATION.code);
  });
});
