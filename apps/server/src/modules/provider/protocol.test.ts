import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { asOperator } from '../admin/testing.ts';
import { rowsOf } from '../../platform/db/index.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { providerCall, startSim, type Sim } from './testing.ts';
import { forgetOldTransactions, retentionDays } from './retention.ts';
import { pruneRecords } from '../casino/index.ts';

/**
 * The seamless-wallet protocol against the provider simulator, a process of its own speaking HTTP
 * to the real server: every fault it plays leaves the ledger exact and the member's main balance
 * exactly what the applied calls say.
 */
let s: TestServer;
let w: ReturnType<typeof caller>;
let sim: Sim;
const SECRET = `test-secret-${randomBytes(8).toString('hex')}`;

const configure = (launchUrl: string, enabled: boolean) =>
  asOperator(s, (headers) =>
    s.call('/api/admin/provider/save', { api_name: 'SIM', name: '模拟供应商', category: 'egame', secret: SECRET, launchUrl, enabled }, { headers }),
  );

beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = s.app.server.address() as { port: number };
  // Its heartbeat told by the tests (/control/heartbeat), not by its clock.
  sim = await startSim(`http://127.0.0.1:${port}`, SECRET, 'SIM', 600_000);
});
afterAll(async () => {
  await sim?.stop();
  await expectLedgerSound(s);
  await s.close();
});

/** A member with `amount` in main, launched at SIM: the token the simulator plays with. */
async function launchedMember(amount: number) {
  const m = await s.member();
  if (amount > 0) await w.fund(m.token, amount);
  const res = await w.move('/api/game/venue/launch', { venueEnName: 'SIM', gameId: 'sim-lucky-seven' }, m.token);
  expect(res.code, res.msg).toBe(0);
  const url = new URL(res.data.url);
  return { ...m, url, launchToken: url.searchParams.get('token')! };
}

const main = async (token: string) => (await w.balance(token)).main as number;
const round = (token: string, body: object) => sim.post('/control/round', { token, ...body });
const codes = (steps: Array<{ call: string; code?: number; lost?: boolean }>) => steps.map((st) => `${st.call}:${st.lost ? 'lost' : st.code}`);
const roundsOf = (memberId: number) =>
  rowsOf<{ round_id: string; status: string; stake_minor: string; payout_minor: string }>(
    s.deps.db,
    sql`SELECT round_id, status, stake_minor::text, payout_minor::text FROM game_rounds WHERE member_id = ${memberId} ORDER BY created_at`,
  );

describe('the provider venue before and after the operator configures it', () => {
  it('is seeded but offered nowhere until enabled and its process is heard from; then launching answers its launch page with a token', async () => {
    const m = await s.member();
    await w.fund(m.token, 100);
    const brands = async () => (await s.call('/api/game/egame/brands')).data.map((b: { api_name: string }) => b.api_name);
    expect(await brands()).not.toContain('SIM');
    const refused = await w.move('/api/game/venue/launch', { venueEnName: 'SIM' }, m.token);
    expect(refused.code).toBe(Errors.GAME_VENUE_NOT_OFFERED.code);

    // Enabled with a launch address, but its process not yet heard from: still hidden.
    expect((await configure(`${sim.url}/launch`, true)).data).toMatchObject({ api_name: 'SIM', enabled: true });
    await s.deps.db.execute(sql`UPDATE game_providers SET seen_at = NULL`);
    expect(await brands()).not.toContain('SIM');
    const beat = await sim.post('/control/heartbeat');
    expect(beat.code, beat.msg).toBe(0);
    expect(await brands()).toContain('SIM');
    // A heartbeat gone quiet hides it again; the next one brings it back.
    await s.deps.db.execute(sql`UPDATE game_providers SET seen_at = now() - interval '2 minutes'`);
    expect(await brands()).not.toContain('SIM');
    expect((await sim.post('/control/heartbeat')).code).toBe(0);
    expect(await brands()).toContain('SIM');
    const list = await asOperator(s, (headers) => s.call('/api/admin/provider/list', {}, { headers }));
    expect(list.data.find((p: { api_name: string }) => p.api_name === 'SIM')).toMatchObject({ offered: true, launchUrl: `${sim.url}/launch` });
    expect(JSON.stringify(list.data)).not.toContain(SECRET);

    // Seamless: the launch moves nothing out of main even with auto-transfer on, and the venue
    // never takes a transfer nor shows a venue balance.
    expect((await s.call('/api/wallet/autoTransfer/set', { status: true }, { token: m.token })).code).toBe(0);
    const launched = await w.move('/api/game/venue/launch', { venueEnName: 'SIM', gameId: 'sim-lucky-seven' }, m.token);
    expect(launched.code, launched.msg).toBe(0);
    expect(launched.data.transferred).toBe(0);
    const url = new URL(launched.data.url);
    expect(url.origin + url.pathname).toBe(`${sim.url}/launch`);
    expect(url.searchParams.get('game')).toBe('sim-lucky-seven');
    expect(url.searchParams.get('token')).toMatch(/^[a-f0-9]{48}$/);
    const page = await fetch(url);
    expect(await page.text()).toContain('幸运七');
    const transfer = await w.move('/api/wallet/transfer', { api_name: 'SIM', amount: 10, transfer_out: false }, m.token);
    expect(transfer.code).toBe(Errors.VENUE_PLAYS_FROM_MAIN.code);
    const wallet = await w.balance(m.token);
    expect(wallet.main).toBe(100);
    expect(wallet.venues.map((v: { api_name: string }) => v.api_name)).not.toContain('SIM');
    const demo = await s.call('/api/game/venue/demoLaunch', { venueEnName: 'SIM', gameId: 'sim-lucky-seven' });
    expect(demo.code).toBe(Errors.GAME_VENUE_NOT_OFFERED.code);
  });
});

describe('rounds through the simulator, with its faults', () => {
  it('a plain round: the debit opens it, the credit settles it, in the game records', async () => {
    const m = await launchedMember(100);
    const r = await round(m.launchToken, { stake: 10, win: 25 });
    expect(codes(r.steps)).toEqual(['session:0', 'debit:0', 'credit:0']);
    expect(r.steps[1].data.balance).toBe(90);
    expect(r.steps[2].data.balance).toBe(115);
    expect(await main(m.token)).toBe(115);
    const records = await s.call('/api/game/records', { api_name: 'SIM' }, { token: m.token });
    expect(records.data.list[0]).toMatchObject({
      roundId: `SIM:${r.roundId}`,
      kind: 'egame',
      stake: 10,
      payout: 25,
      balanceBefore: 100,
      balanceAfter: 115,
      status: 'settled',
    });
    // The operator's recall shows the round's debit and credit as posted in the ledger.
    const recalled = await asOperator(s, (headers) => s.call('/api/admin/casino/round/detail', { roundId: `SIM:${r.roundId}` }, { headers }));
    expect(recalled.data).toMatchObject({ moneyAt: 'ledger', proof: null });
    expect(recalled.data.transfers.map((t: { kind: string; amount: number; from: string; to: string }) => [t.kind, t.amount])).toEqual([
      ['bet.stake.game', 10],
      ['bet.payout.game', 25],
    ]);
    await expectLedgerSound(s);
  });

  it('timeout after apply: each answer is lost after the server applied it; the retries answer the first results and move nothing again', async () => {
    const m = await launchedMember(100);
    const r = await round(m.launchToken, { stake: 10, win: 30, fault: 'timeout' });
    expect(codes(r.steps)).toEqual(['session:0', 'debit:lost', 'debit:0', 'credit:lost', 'credit:0']);
    expect(r.steps[2].data.balance).toBe(90);
    expect(r.steps[4].data.balance).toBe(120);
    expect(await main(m.token)).toBe(120);
    expect(await roundsOf(m.memberId)).toEqual([{ round_id: `SIM:${r.roundId}`, status: 'settled', stake_minor: '1000', payout_minor: '3000' }]);
    await expectLedgerSound(s);
  });

  it('duplicate callbacks, twins at once and a repeat after: every copy answers alike and money moves once', async () => {
    const m = await launchedMember(100);
    const r = await round(m.launchToken, { stake: 20, win: 5, fault: 'duplicate' });
    expect(codes(r.steps)).toEqual(['session:0', 'debit:0', 'debit:0', 'debit:0', 'credit:0', 'credit:0', 'credit:0']);
    for (const i of [1, 2, 3]) expect(r.steps[i].data).toEqual(r.steps[1].data);
    for (const i of [4, 5, 6]) expect(r.steps[i].data).toEqual(r.steps[4].data);
    expect(r.steps[1].data.balance).toBe(80);
    expect(await main(m.token)).toBe(85);
    await expectLedgerSound(s);
  });

  it('late: a rollback before its debit is recorded as a tombstone, and the debit arriving after is refused; nothing moves', async () => {
    const m = await launchedMember(100);
    const r = await round(m.launchToken, { stake: 10, win: 0, fault: 'late' });
    expect(codes(r.steps)).toEqual(['session:0', 'rollback:0', `debit:${Errors.PROVIDER_TX_ROLLED_BACK.code}`]);
    expect(r.steps[1].data.balance).toBe(100);
    expect(await main(m.token)).toBe(100);
    expect(await roundsOf(m.memberId)).toEqual([]);
    // And again later, even retried: the tombstone stands.
    const again = await sim.post('/control/call', { name: 'debit', payload: r.steps[2].payload });
    expect(again.code).toBe(Errors.PROVIDER_TX_ROLLED_BACK.code);
    await expectLedgerSound(s);
  });

  it('out of order: a credit before its debit is refused and recorded nowhere; after the debit, its retry settles the round', async () => {
    const m = await launchedMember(100);
    const r = await round(m.launchToken, { stake: 10, win: 40, fault: 'out-of-order' });
    expect(codes(r.steps)).toEqual(['session:0', `credit:${Errors.PROVIDER_ROUND_UNKNOWN.code}`, 'debit:0', 'credit:0']);
    expect(await main(m.token)).toBe(130);
    expect((await roundsOf(m.memberId))[0]).toMatchObject({ status: 'settled', payout_minor: '4000' });
    await expectLedgerSound(s);
  });

  it('a rollback refunds its debit, its repeat answers alike, and the refunded round takes no credit', async () => {
    const m = await launchedMember(100);
    const r = await round(m.launchToken, { stake: 30, win: 0, fault: 'rollback' });
    expect(codes(r.steps)).toEqual(['session:0', 'debit:0', 'rollback:0', 'rollback:0']);
    expect(r.steps[1].data.balance).toBe(70);
    expect(r.steps[2].data.balance).toBe(100);
    expect(r.steps[3].data).toEqual(r.steps[2].data);
    expect(await main(m.token)).toBe(100);
    expect(await roundsOf(m.memberId)).toEqual([{ round_id: `SIM:${r.roundId}`, status: 'refunded', stake_minor: '3000', payout_minor: '3000' }]);
    const late = await sim.post('/control/call', {
      name: 'credit',
      payload: { playerId: String(m.memberId), transactionId: `c-${newKey()}`, roundId: r.roundId, amount: 50 },
    });
    expect(late.code).toBe(Errors.PROVIDER_ROUND_CLOSED.code);
    expect(await main(m.token)).toBe(100);
    await expectLedgerSound(s);
  });

  it('a round of two debits: rolling back one leaves the other staked; the credit settles what remains', async () => {
    const m = await launchedMember(100);
    const playerId = String(m.memberId);
    const roundId = `r-${newKey()}`;
    const debit = (transactionId: string, amount: number) =>
      sim.post('/control/call', { name: 'debit', payload: { token: m.launchToken, playerId, transactionId, roundId, gameCode: 'sim-lucky-seven', amount } });
    expect((await debit('d-one', 10)).code).toBe(0);
    expect((await debit('d-two', 15)).code).toBe(0);
    expect((await sim.post('/control/call', { name: 'rollback', payload: { playerId, transactionId: 'd-one', roundId } })).data.balance).toBe(85);
    const credit = await sim.post('/control/call', { name: 'credit', payload: { playerId, transactionId: 'c-one', roundId, amount: 0 } });
    expect(credit.data.balance).toBe(85);
    expect(await roundsOf(m.memberId)).toEqual([{ round_id: `SIM:${roundId}`, status: 'settled', stake_minor: '1500', payout_minor: '0' }]);
    await expectLedgerSound(s);
  });

  it('a transaction id reused with another amount, another round or as a credit is refused; nothing moves', async () => {
    const m = await launchedMember(100);
    const r = await round(m.launchToken, { stake: 10, win: 0 });
    const first = r.steps[1].payload;
    const other = async (payload: object, name = 'debit') => (await sim.post('/control/call', { name, payload: { ...first, ...payload } })).code;
    expect(await other({ amount: 11 })).toBe(Errors.PROVIDER_TX_MISMATCH.code);
    expect(await other({ roundId: 'another-round' })).toBe(Errors.PROVIDER_TX_MISMATCH.code);
    expect(await other({ token: undefined, amount: 10 }, 'credit')).toBe(Errors.PROVIDER_TX_MISMATCH.code);
    expect(await main(m.token)).toBe(90);
    await expectLedgerSound(s);
  });

  it('insufficient balance is refused; the token dies with the member’s session, yet the open round still settles', async () => {
    const m = await launchedMember(50);
    const short = await round(m.launchToken, { stake: 60, win: 0 });
    expect(codes(short.steps)).toEqual(['session:0', `debit:${Errors.PROVIDER_INSUFFICIENT_BALANCE.code}`]);
    const playerId = String(m.memberId);
    const debit = await sim.post('/control/call', {
      name: 'debit',
      payload: { token: m.launchToken, playerId, transactionId: 'd-before-logout', roundId: 'r-logout', gameCode: 'sim-lucky-seven', amount: 20 },
    });
    expect(debit.code).toBe(0);
    expect((await s.call('/api/member/logout', {}, { token: m.token })).code).toBe(0);
    const session = await sim.post('/control/call', { name: 'session', payload: { token: m.launchToken } });
    expect(session.code).toBe(Errors.PROVIDER_SESSION_INVALID.code);
    const after = await sim.post('/control/call', {
      name: 'debit',
      payload: { token: m.launchToken, playerId, transactionId: 'd-after-logout', roundId: 'r-logout', gameCode: 'sim-lucky-seven', amount: 5 },
    });
    expect(after.code).toBe(Errors.PROVIDER_SESSION_INVALID.code);
    const credit = await sim.post('/control/call', { name: 'credit', payload: { playerId, transactionId: 'c-after-logout', roundId: 'r-logout', amount: 44 } });
    expect(credit.code, credit.msg).toBe(0);
    expect(credit.data.balance).toBe(74);
    await expectLedgerSound(s);
  });

  it('concurrent debits over one balance never overdraw: exactly as many as the balance covers are taken', async () => {
    const m = await launchedMember(100);
    const { steps } = await sim.post('/control/burst', { token: m.launchToken, stake: 7, n: 24 });
    const debits = steps.filter((st: { call: string }) => st.call === 'debit');
    const taken = debits.filter((st: { code: number }) => st.code === 0);
    expect(taken).toHaveLength(14);
    expect(debits.filter((st: { code: number }) => st.code === Errors.PROVIDER_INSUFFICIENT_BALANCE.code)).toHaveLength(10);
    expect(await main(m.token)).toBe(2);
    expect((await roundsOf(m.memberId)).filter((r) => r.status === 'settled')).toHaveLength(14);
    await expectLedgerSound(s);
  });
});

describe('the provider killed mid-way', () => {
  it('kill -9 of the simulator during concurrent debits: its restart retries the same ids, and each applies once, never overdrawing', async () => {
    const m = await launchedMember(100);
    const { port } = s.app.server.address() as { port: number };
    const doomed = await startSim(`http://127.0.0.1:${port}`, SECRET, 'SIM', 600_000);
    const prefix = `kill-${randomBytes(4).toString('hex')}`;
    const burst = { token: m.launchToken, stake: 6, n: 30, prefix };
    const lost = doomed.post('/control/burst', burst).catch(() => null);
    // Killed once the server has applied some of its debits.
    const applied = async () =>
      Number((await rowsOf<{ n: unknown }>(s.deps.db, sql`SELECT count(*) AS n FROM provider_transactions WHERE tx_id LIKE ${`${prefix}-d-%`}`))[0].n);
    await expect.poll(applied, { timeout: 10_000, interval: 5 }).toBeGreaterThan(0);
    await doomed.stop(true);
    expect(await lost).toBeNull();
    // The provider restarted (here, the other simulator process) sends the whole burst again.
    const { steps } = await sim.post('/control/burst', burst);
    const debits = steps.filter((st: { call: string }) => st.call === 'debit');
    expect(debits.filter((st: { code: number }) => st.code === 0)).toHaveLength(16);
    expect(debits.filter((st: { code: number }) => st.code === Errors.PROVIDER_INSUFFICIENT_BALANCE.code)).toHaveLength(14);
    expect(await main(m.token)).toBe(4);
    const [posted] = await rowsOf<{ n: unknown }>(s.deps.db, sql`SELECT count(*) AS n FROM wallet_transfers WHERE ref LIKE ${`provider:SIM:${prefix}-d-%`}`);
    expect(Number(posted.n)).toBe(16);
    expect((await roundsOf(m.memberId)).filter((r) => r.status === 'settled')).toHaveLength(16);
    await expectLedgerSound(s);
  });
});

describe('the operator disabling a provider', () => {
  it('stops new sessions and debits, while rounds in flight still settle', async () => {
    const m = await launchedMember(100);
    const playerId = String(m.memberId);
    const debit = (transactionId: string) =>
      sim.post('/control/call', {
        name: 'debit',
        payload: { token: m.launchToken, playerId, transactionId, roundId: 'r-disabled', gameCode: 'sim-lucky-seven', amount: 10 },
      });
    expect((await debit('d-while-enabled')).code).toBe(0);
    await configure(`${sim.url}/launch`, false);
    try {
      expect((await debit('d-while-disabled')).code).toBe(Errors.PROVIDER_DISABLED.code);
      expect((await sim.post('/control/call', { name: 'session', payload: { token: m.launchToken } })).code).toBe(Errors.PROVIDER_DISABLED.code);
      const relaunch = await w.move('/api/game/venue/launch', { venueEnName: 'SIM' }, m.token);
      expect(relaunch.code).toBe(Errors.GAME_VENUE_NOT_OFFERED.code);
      const credit = await sim.post('/control/call', {
        name: 'credit',
        payload: { playerId, transactionId: 'c-while-disabled', roundId: 'r-disabled', amount: 12 },
      });
      expect(credit.code, credit.msg).toBe(0);
      expect(await main(m.token)).toBe(102);
    } finally {
      await configure(`${sim.url}/launch`, true);
    }
    await expectLedgerSound(s);
  });
});

describe('signed calls', () => {
  it('a bad signature, a stale timestamp, an unknown provider or missing headers are refused with their codes, and nothing changes', async () => {
    const m = await launchedMember(100);
    const payload = {
      token: m.launchToken,
      playerId: String(m.memberId),
      transactionId: 'd-forged',
      roundId: 'r-forged',
      gameCode: 'sim-lucky-seven',
      amount: 10,
    };
    const forged = await providerCall(s, 'debit', payload, { secret: 'not-the-secret-at-all' });
    expect(forged.code).toBe(Errors.PROVIDER_BAD_SIGNATURE.code);
    const stale = await providerCall(s, 'debit', payload, { secret: SECRET, timestamp: String(Date.now() - 5 * 60_000) });
    expect(stale.code).toBe(Errors.PROVIDER_STALE_REQUEST.code);
    const unknown = await providerCall(s, 'debit', payload, { secret: SECRET, apiName: 'NOPE' });
    expect(unknown.code).toBe(Errors.PROVIDER_UNKNOWN.code);
    const bare = await providerCall(s, 'debit', payload, { secret: SECRET, headers: { 'x-provider-signature': '' } });
    expect(bare.code).toBe(Errors.PROVIDER_BAD_SIGNATURE.code);
    // The body changed after signing: refused as well.
    const tampered = await s.inject({
      method: 'POST',
      url: '/api/provider/v1/debit',
      payload: JSON.stringify({ ...payload, amount: 99 }),
      headers: { 'content-type': 'application/json', 'x-provider': 'SIM', 'x-provider-timestamp': String(Date.now()), 'x-provider-signature': 'ab'.repeat(32) },
    });
    expect(tampered.json().code).toBe(Errors.PROVIDER_BAD_SIGNATURE.code);
    expect(await main(m.token)).toBe(100);
    const rows = await rowsOf(s.deps.db, sql`SELECT 1 FROM provider_transactions WHERE tx_id = 'd-forged'`);
    expect(rows).toEqual([]);
    // Signed properly, the same call applies.
    const good = await providerCall(s, 'debit', payload, { secret: SECRET });
    expect(good.code, good.msg).toBe(0);
    expect(good.data.balance).toBe(90);
  });

  it('the API document describes the protocol under its own tag and security scheme', async () => {
    const doc = (await s.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const name of ['session', 'balance', 'debit', 'credit', 'rollback', 'heartbeat']) {
      const op = doc.paths[`/api/provider/v1/${name}`].post;
      expect(op.tags).toEqual(['provider']);
      expect(op.security).toEqual([{ provider: [] }]);
    }
    expect(doc.components.securitySchemes.provider.description).toContain('HMAC-SHA256');
    const body = doc.paths['/api/provider/v1/debit'].post.requestBody.content['application/json'].schema;
    const schema = body.$ref ? doc.components.schemas[body.$ref.split('/').pop()] : body;
    expect(schema.required).toEqual(expect.arrayContaining(['token', 'playerId', 'transactionId', 'roundId', 'amount']));
  });

  it('the secret is kept encrypted at rest', async () => {
    const [row] = await rowsOf<{ secret_cipher: string }>(s.deps.db, sql`SELECT secret_cipher FROM game_providers WHERE api_name = 'SIM'`);
    expect(row.secret_cipher).toMatch(/^v1:/);
    expect(row.secret_cipher).not.toContain(SECRET);
  });
});

describe('transaction ids are kept for the configured period', () => {
  it('deletes only ids older than the retention, never earlier; a kept tombstone still refuses its late debit', async () => {
    const m = await launchedMember(100);
    const tomb = await round(m.launchToken, { stake: 10, win: 0, fault: 'late' });
    const kept = await round(m.launchToken, { stake: 10, win: 10 });
    const old = await round(m.launchToken, { stake: 10, win: 10 });
    const age = (roundId: string, days: number) =>
      s.deps.db.execute(sql`UPDATE provider_transactions SET created_at = now() - make_interval(days => ${days}) WHERE round_id = ${roundId}`);
    await age(tomb.roundId, 179);
    await age(kept.roundId, 179);
    await age(old.roundId, 181);
    expect(await forgetOldTransactions(s.deps.db, 180)).toBe(2);
    const left = await rowsOf<{ round_id: string }>(s.deps.db, sql`SELECT round_id FROM provider_transactions WHERE member_id = ${m.memberId}`);
    expect(left.map((r) => r.round_id).sort()).toEqual([tomb.roundId, kept.roundId, kept.roundId].sort());
    const late = await sim.post('/control/call', { name: 'debit', payload: tomb.steps[2].payload });
    expect(late.code).toBe(Errors.PROVIDER_TX_ROLLED_BACK.code);
    const repeat = await sim.post('/control/call', { name: 'debit', payload: kept.steps[1].payload });
    expect(repeat.data).toEqual(kept.steps[1].data);
    expect(await main(m.token)).toBe(100);
    expect(() => retentionDays(7)).toThrow(/at least 30/);
    expect(retentionDays(180)).toBe(180);
  });

  it('a round its kept transaction ids name stays in the game records past their window; it goes once they are forgotten', async () => {
    const m = await launchedMember(100);
    const r = await round(m.launchToken, { stake: 10, win: 10 });
    const ref = `SIM:${r.roundId}`;
    await s.deps.db.execute(sql`UPDATE game_rounds SET settled_at = now() - interval '100 days' WHERE round_id = ${ref}`);
    await pruneRecords(s.deps.db, 90);
    expect((await roundsOf(m.memberId)).map((row) => row.round_id)).toEqual([ref]);
    // A further debit in it still finds the round closed: no fresh round opens under its id.
    const further = await sim.post('/control/call', { name: 'debit', payload: { ...r.steps[1].payload, transactionId: `d-${newKey()}` } });
    expect(further.code).toBe(Errors.PROVIDER_ROUND_CLOSED.code);
    await s.deps.db.execute(sql`UPDATE provider_transactions SET created_at = now() - interval '181 days' WHERE round_id = ${r.roundId}`);
    await forgetOldTransactions(s.deps.db, 180);
    await pruneRecords(s.deps.db, 90);
    expect(await roundsOf(m.memberId)).toEqual([]);
    expect(await main(m.token)).toBe(100);
  });
});
