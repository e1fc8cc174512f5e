import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type OperatorRole } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { signInOperator, type SignedIn } from './testing.ts';

/** The operator's round recall: searched by member, venue, game, date and round id; one round with its proof and ledger. */
let s: TestServer;
let w: ReturnType<typeof caller>;
let admin: SignedIn;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
  admin = await signInOperator(s, ['super']);
});
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const list = (body: object, op = admin) => s.call('/api/admin/casino/round/list', body, { headers: op.headers });
const detail = (roundId: string, op = admin) => s.call('/api/admin/casino/round/detail', { roundId }, { headers: op.headers });
const dice = async (token: string, target: number) => {
  const res = await s.call('/api/originals/dice/play', { amount: 2, target, condition: 'under' }, { token, key: newKey() });
  expect(res.code, res.msg).toBe(0);
  return res.data as { roundId: string; payout: number };
};

describe('operator round recall', () => {
  it('[admin] finds rounds by member, venue, game, round id and date; opens an original with its seeds and ledger, the seed revealed only after rotation', async () => {
    const m = await s.member();
    await w.fund(m.token, 100);
    const lost = await dice(m.token, 0.01);
    const played = [lost, await dice(m.token, 98)];
    // Under 98 wins 98 rolls in 100: roll again until one has.
    while (played.at(-1)!.payout === 0) played.push(await dice(m.token, 98));
    const won = played.at(-1)!;
    const other = await s.member();
    await w.fund(other.token, 10);
    await dice(other.token, 50);

    const mine = await list({ memberId: m.memberId });
    expect(mine.code, mine.msg).toBe(0);
    expect(mine.data.total).toBe(played.length);
    expect(mine.data.list.map((r: { roundId: string }) => r.roundId)).toEqual(played.map((r) => r.roundId).reverse());
    expect(mine.data.list[0]).toMatchObject({ memberId: m.memberId, siteId: 1, api_name: 'ORIG', gameCode: 'dice', stake: 2, status: 'settled' });
    expect((await list({ roundId: lost.roundId })).data.list).toHaveLength(1);
    expect((await list({ memberId: m.memberId, api_name: 'ORIG', gameCode: 'dice' })).data.total).toBe(played.length);
    expect((await list({ memberId: m.memberId, gameCode: 'limbo' })).data.total).toBe(0);
    expect((await list({ memberId: m.memberId, api_name: 'AG' })).data.total).toBe(0);
    const created = mine.data.list.at(-1).createdAt as number;
    expect((await list({ memberId: m.memberId, from: created, to: created })).data.total).toBeGreaterThanOrEqual(1);
    expect((await list({ memberId: m.memberId, to: created - 60_000 })).data.total).toBe(0);

    const open = await detail(won.roundId);
    expect(open.code, open.msg).toBe(0);
    expect(open.data).toMatchObject({ moneyAt: 'ledger', round: { roundId: won.roundId, payout: won.payout }, proof: { nonce: 1, serverSeed: null } });
    expect(open.data.proof.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(open.data.transfers.map((t: { kind: string; amount: number }) => [t.kind, t.amount])).toEqual([
      ['bet.stake.originals', 2],
      ['bet.payout.originals', won.payout],
    ]);
    expect(open.data.transfers[0]).toMatchObject({ from: 'main', ref: `orig:${won.roundId}` });
    expect((await detail(lost.roundId)).data.transfers).toHaveLength(1);

    expect((await s.call('/api/originals/seed/rotate', {}, { token: m.token })).code).toBe(0);
    const proof = (await detail(won.roundId)).data.proof;
    expect(createHash('sha256').update(proof.serverSeed).digest('hex')).toBe(proof.serverSeedHash);
  });

  it('[admin] a round played at a venue’s own wallet (抢庄牛牛 at KY) shows its cards and no ledger postings of its own', async () => {
    const m = await s.member();
    await w.fund(m.token, 100);
    expect((await w.move('/api/wallet/transfer', { api_name: 'KY', amount: 100, transfer_out: false }, m.token)).code).toBe(0);
    const dealt = await s.call('/api/chess/niuniu/deal', { amount: 1 }, { token: m.token, key: newKey() });
    expect((await s.call('/api/chess/niuniu/bid', { roundId: dealt.data.roundId, bid: 1 }, { token: m.token, key: newKey() })).code).toBe(0);
    const round = await detail(dealt.data.roundId);
    expect(round.data).toMatchObject({ moneyAt: 'venue', transfers: [], proof: null, round: { api_name: 'KY', status: 'settled' } });
    expect(round.data.round.detail.houseCards).toHaveLength(5);
  });

  it('[admin] risk and customer service may recall rounds; an operator of another site sees none of this one’s', async () => {
    const m = await s.member();
    await w.fund(m.token, 10);
    const played = await dice(m.token, 50);
    for (const role of ['risk', 'cs'] as OperatorRole[]) {
      const op = await signInOperator(s, [role]);
      expect((await list({ memberId: m.memberId }, op)).data.total, role).toBe(1);
      expect((await detail(played.roundId, op)).code, role).toBe(0);
    }
    for (const role of ['finance', 'trader', 'content', 'moderator'] as OperatorRole[]) {
      const op = await signInOperator(s, [role]);
      expect((await list({}, op)).code, role).toBe(Errors.OPERATOR_FORBIDDEN.code);
      expect((await detail(played.roundId, op)).code, role).toBe(Errors.OPERATOR_FORBIDDEN.code);
    }
    const elsewhere = await signInOperator(s, ['cs'], [2]);
    expect((await list({ memberId: m.memberId }, elsewhere)).data).toEqual({ list: [], total: 0 });
    expect(await detail(played.roundId, elsewhere)).toMatchObject({ code: Errors.GAME_ROUND_UNKNOWN.code, msg: '该局不存在，或不在您可查看的站点' });
  });

  it('[admin] bad input is refused with its code', async () => {
    expect((await list({ size: 500 })).code).toBe(Errors.VALIDATION.code);
    expect((await list({ from: 2_000, to: 1_000 })).code).toBe(Errors.VALIDATION.code);
    expect((await list({ memberId: -1 })).code).toBe(Errors.VALIDATION.code);
    expect((await list({ roundId: 'x'.repeat(200) })).code).toBe(Errors.VALIDATION.code);
    expect((await detail('')).code).toBe(Errors.VALIDATION.code);
    expect((await detail('ORIG-nothing-1')).code).toBe(Errors.GAME_ROUND_UNKNOWN.code);
  });
});
