import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors, MemberTags } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { memberChanged } from '../../platform/cache.ts';
import { caller, expectLedgerSound, luhnCard, newKey } from '../wallet/testing.ts';
import { recordRound } from '../vip/testing.ts';
import { grantTurnoverPrizes } from './turnover-prizes.ts';

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

type Member = Awaited<ReturnType<TestServer['member']>>;
const rows = async <T>(query: ReturnType<typeof sql>) => (await s.deps.db.execute(query)).rows as T[];
const read = async (url: string, token: string, body = {}) => (await s.call(url, body, { token })).data;
const turnoverAsked = async (token: string) => (await s.call('/api/wallet/withdraw/prepare', {}, { token })).data.turnoverRequired as number;
/** Every test request comes from one address: each member's sessions get their own IP (and device), as separate people's would. */
const apart = (m: { memberId: number }) =>
  s.deps.db.execute(
    sql`UPDATE sessions SET ip = ${`10.1.${m.memberId % 250}.${m.memberId % 7}`}, device = ${`dev-${m.memberId}`} WHERE member_id = ${m.memberId}`,
  );
let friendNo = 0;
/** A friend registered with the inviter's code, on their own IP and device. */
async function friendOf(code: string): Promise<Member> {
  const name = `fr${Date.now().toString(36)}${friendNo++}`;
  const res = await s.call('/api/member/register/v4', { name, password: 'abc12345', i_code: code });
  expect(res.code, res.msg).toBe(0);
  const friend = { token: res.data.token, memberId: res.data.memberId, name, password: 'abc12345' };
  await apart(friend);
  return friend;
}
/** Valid turnover of the member's, as a settled casino round writes it. */
const play = (memberId: number, stakeMinor: bigint) =>
  s.deps.db.transaction((tx) =>
    recordRound(tx, { memberId, siteId: 1, ref: `inv:${memberId}:${stakeMinor}`, category: 'egame', stakeMinor, payoutMinor: 0n }, new Date()),
  );
async function inviter(): Promise<Member & { code: string }> {
  const m = await s.member();
  await apart(m);
  return { ...m, code: (await read('/api/activity/invite/config', m.token)).inviteCode };
}

describe('invite friends', () => {
  it('[S7-15] a friend who deposits 100 and plays 500 earns the inviter 28 once; 30 concurrent receives pay once and ask 3x turnover', async () => {
    const m = await inviter();
    expect(await read('/api/activity/invite/config', m.token)).toMatchObject({
      inviteCode: m.code,
      invitePath: `/register?i_code=${m.code}`,
      rule: { minDeposit: 100, minTurnover: 500, reward: 28, multiple: 3 },
      invited: 0,
      rewarded: 0,
      earned: 0,
    });
    const friend = await friendOf(m.code.toLowerCase());
    await w.fund(friend.token, 100);
    expect((await read('/api/activity/invite/friends', m.token, { page: 1, size: 10 })).list).toMatchObject([
      { deposit: 100, turnover: 0, status: 'waiting', reward: 0 },
    ]);
    await play(friend.memberId, 50_000n);
    // Concurrent looks at the page write one reward.
    await Promise.all(Array.from({ length: 10 }, () => read('/api/activity/invite/config', m.token)));
    expect(await read('/api/activity/invite/config', m.token)).toMatchObject({ invited: 1, rewarded: 1, earned: 28 });
    const friends = await read('/api/activity/invite/friends', m.token, { page: 1, size: 10 });
    expect(friends).toMatchObject({ total: 1, list: [{ deposit: 100, turnover: 500, status: 'rewarded', reward: 28 }] });
    expect(friends.list[0].name).toMatch(/\*\*\*/);

    const [record] = (await read('/api/activity/invite/records', m.token, { page: 1, size: 10 })).list;
    expect(record).toMatchObject({ status: 'pending', prize: { kind: 'money', amount: 28, name: '邀请好友奖励' } });
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => w.move('/api/activity/invite/receive', { recordId: record.recordId }, m.token, i < 5 ? key : undefined)),
    );
    const paid = answers.filter((a) => a.code === 0);
    expect(paid.length).toBeGreaterThanOrEqual(1);
    expect(new Set(paid.map((a) => JSON.stringify(a.data)))).toEqual(new Set([JSON.stringify({ amount: 28, main: 28 })]));
    for (const a of answers.filter((x) => x.code !== 0)) expect([Errors.PRIZE_RECEIVED.code, Errors.HIGH_TRAFFIC.code]).toContain(a.code);
    expect((await w.balance(m.token)).main).toBe(28);
    expect(await turnoverAsked(m.token)).toBe(84);
    // More deposits and play by the same friend earn nothing more.
    await w.fund(friend.token, 300);
    await play(friend.memberId, 90_000n);
    expect(await read('/api/activity/invite/config', m.token)).toMatchObject({ rewarded: 1, earned: 28 });
  });

  it('[S7-15] the deposit that completes the rule rewards the inviter in its own transaction', async () => {
    const m = await inviter();
    const friend = await friendOf(m.code);
    await play(friend.memberId, 60_000n);
    await w.fund(friend.token, 150);
    const written = await rows<{ amount_minor: string }>(
      sql`SELECT amount_minor FROM promo_records WHERE member_id = ${m.memberId} AND ref = ${`invitee:${friend.memberId}`}`,
    );
    expect(written.map((r) => Number(r.amount_minor))).toEqual([2_800]);
  });

  it("[S7-15] a friend on the inviter's own device or IP earns nothing, and is not counted again", async () => {
    const m = await inviter();
    const sameDevice = await friendOf(m.code);
    await s.deps.db.execute(sql`UPDATE sessions SET device = ${`dev-${m.memberId}`} WHERE member_id = ${sameDevice.memberId}`);
    const sameIp = await friendOf(m.code);
    await s.deps.db.execute(
      sql`UPDATE sessions SET ip = (SELECT ip FROM sessions WHERE member_id = ${m.memberId} LIMIT 1) WHERE member_id = ${sameIp.memberId}`,
    );
    for (const f of [sameDevice, sameIp]) {
      await play(f.memberId, 50_000n);
      await w.fund(f.token, 100);
    }
    expect(await read('/api/activity/invite/config', m.token)).toMatchObject({ invited: 2, rewarded: 0, earned: 0 });
    expect((await read('/api/activity/invite/friends', m.token, { page: 1, size: 10 })).list.map((f: { status: string }) => f.status)).toEqual([
      'refused',
      'refused',
    ]);
    expect(await rows(sql`SELECT 1 FROM vip_bonuses WHERE member_id = ${m.memberId}`)).toEqual([]);
    const details = await rows<{ refused: string }>(
      sql`SELECT detail->>'refused' AS refused FROM promo_records WHERE member_id = ${m.memberId} ORDER BY record_id`,
    );
    expect(details.map((d) => d.refused).sort()).toEqual(['device', 'ip']);
  });

  it('[S3-23] [S8-17] a blacklisted member is refused the invite and novice pages; their friends earn them nothing', async () => {
    const m = await inviter();
    await s.deps.db.execute(sql`UPDATE members SET tags = ARRAY[${MemberTags.ACTIVITY_BLACKLIST}]::text[] WHERE member_id = ${m.memberId}`);
    memberChanged(m.memberId);
    const friend = await friendOf(m.code);
    await play(friend.memberId, 50_000n);
    await w.fund(friend.token, 100);
    for (const r of [
      await s.call('/api/activity/invite/config', {}, { token: m.token }),
      await s.call('/api/activity/invite/friends', { page: 1, size: 10 }, { token: m.token }),
      await s.call('/api/activity/novice/config', {}, { token: m.token }),
      await w.move('/api/activity/novice/claim', { task: 'bind_phone' }, m.token),
    ])
      expect(r.code).toBe(Errors.ACTIVE_BLACKLIST.code);
    expect(await rows(sql`SELECT 1 FROM promo_records WHERE member_id = ${m.memberId}`)).toEqual([]);
  });
});

describe('invite rewards granted by the pass, the invite page never opened', () => {
  const pass = () => grantTurnoverPrizes(s.deps.db);
  /** An inviter who never opens the invite page: the code as the member's profile holds it. */
  async function quietInviter(): Promise<Member & { code: string }> {
    const m = await s.member();
    await apart(m);
    const [{ code }] = await rows<{ code: string }>(sql`SELECT own_invite_code AS code FROM members WHERE member_id = ${m.memberId}`);
    return { ...m, code };
  }
  const rewards = async (inviterId: number) =>
    (
      await rows<{ ref: string; prize_kind: string; amount_minor: string; refused: string | null }>(
        sql`SELECT ref, prize_kind, amount_minor, detail->>'refused' AS refused FROM promo_records r JOIN promo_activities a USING (activity_id)
            WHERE a.kind = 'invite' AND r.member_id = ${inviterId} ORDER BY record_id`,
      )
    ).map((r) => ({ ...r, amount_minor: Number(r.amount_minor) }));
  const spent = async () =>
    (
      await rows<{ budget_minor: string; spent_minor: string }>(
        sql`SELECT budget_minor, spent_minor FROM promo_activities WHERE site_id = 1 AND kind = 'invite'`,
      )
    ).map((r) => ({ budget: Number(r.budget_minor), spent: Number(r.spent_minor) }))[0];

  it("[S7-15] [S7-14] a friend who deposits and only later plays earns the inviter 28 in the welfare centre; a friend on the inviter's device gets the refused record, no money", async () => {
    const m = await quietInviter();
    const [friend, twin] = [await friendOf(m.code), await friendOf(m.code)];
    await s.deps.db.execute(sql`UPDATE sessions SET device = ${`dev-${m.memberId}`} WHERE member_id = ${twin.memberId}`);
    for (const f of [friend, twin]) await w.fund(f.token, 100);
    expect(await rewards(m.memberId)).toEqual([]);
    for (const f of [friend, twin]) await play(f.memberId, 50_000n);
    await pass();
    expect((await s.call('/api/member/welfare/list', {}, { token: m.token })).data.list).toMatchObject([
      { kind: 'activity', amount: 28, title: '邀请好友：邀请好友奖励', multiple: 3 },
    ]);
    expect(await rewards(m.memberId)).toEqual([
      { ref: `invitee:${friend.memberId}`, prize_kind: 'money', amount_minor: 2_800, refused: null },
      { ref: `invitee:${twin.memberId}`, prize_kind: 'none', amount_minor: 0, refused: 'device' },
    ]);
    expect(await rows(sql`SELECT 1 FROM vip_bonuses WHERE member_id = ${m.memberId}`)).toHaveLength(1);
    expect((await w.balance(m.token)).main).toBe(0);
  });

  it('[S7-15] two passes at once reward each friend once, a third rewards nothing, and nothing is paid past the budget', async () => {
    const before = await spent();
    // Room for one reward of 28 of the two earned: the other friend's record pays nothing.
    await s.deps.db.execute(sql`UPDATE promo_activities SET budget_minor = spent_minor + 3800 WHERE site_id = 1 AND kind = 'invite'`);
    const inviters = [await quietInviter(), await quietInviter()];
    for (const m of inviters) {
      const friend = await friendOf(m.code);
      await w.fund(friend.token, 100);
      await play(friend.memberId, 50_000n);
    }
    const written = async () => (await Promise.all(inviters.map((m) => rewards(m.memberId)))).flat().map((r) => r.amount_minor);

    await Promise.all([pass(), pass()]);
    expect((await written()).sort((a, b) => a - b)).toEqual([0, 2_800]);
    expect((await spent()).spent - before.spent).toBe(2_800);
    await pass();
    expect((await written()).sort((a, b) => a - b)).toEqual([0, 2_800]);
    expect((await spent()).spent - before.spent).toBe(2_800);
    await s.deps.db.execute(sql`UPDATE promo_activities SET budget_minor = ${before.budget} WHERE site_id = 1 AND kind = 'invite'`);
  });
});

describe('novice tasks', () => {
  const tasks = async (token: string) =>
    Object.fromEntries((await read('/api/activity/novice/config', token)).tasks.map((t: { task: string; status: string }) => [t.task, t.status]));

  it('[S7-15] each task is read from its owner and pays once when done: 30 concurrent claims of first deposit pay 8 once', async () => {
    const m = await s.member();
    const config = await read('/api/activity/novice/config', m.token);
    expect(config.tasks.map((t: { task: string; title: string; reward: number }) => [t.task, t.title, t.reward])).toEqual([
      ['bind_phone', '绑定手机号', 3],
      ['bind_payout', '绑定银行卡', 3],
      ['profile', '完善个人资料（真实姓名与生日）', 2],
      ['first_deposit', '完成首次存款', 8],
      ['first_bet', '完成首次投注', 5],
    ]);
    expect(Object.values(await tasks(m.token))).toEqual(['todo', 'todo', 'todo', 'todo', 'todo']);
    expect((await w.move('/api/activity/novice/claim', { task: 'first_deposit' }, m.token)).code).toBe(Errors.TASK_NOT_DONE.code);

    await w.fund(m.token, 100);
    expect((await tasks(m.token)).first_deposit).toBe('claimable');
    const answers = await Promise.all(Array.from({ length: 30 }, () => w.move('/api/activity/novice/claim', { task: 'first_deposit' }, m.token)));
    expect(answers.filter((a) => a.code === 0).map((a) => a.data)).toEqual([{ amount: 8, main: 108 }]);
    for (const a of answers.filter((x) => x.code !== 0)) expect([Errors.TASK_CLAIMED.code, Errors.HIGH_TRAFFIC.code]).toContain(a.code);
    expect((await tasks(m.token)).first_deposit).toBe('claimed');
    expect(await turnoverAsked(m.token)).toBe(108);
    expect((await read('/api/activity/novice/records', m.token, { page: 1, size: 10 })).list).toMatchObject([
      { status: 'received', prize: { amount: 8, name: '新手任务：完成首次存款' } },
    ]);

    // A first bet, a bank card and a profile complete theirs.
    const bet = await s.call('/api/originals/dice/play', { amount: 1, target: 50, condition: 'over' }, { token: m.token, key: newKey() });
    expect(bet.code, bet.msg).toBe(0);
    await s.deps.db.execute(sql`UPDATE members SET real_name = '李四', birthday = '1990-05-01' WHERE member_id = ${m.memberId}`);
    memberChanged(m.memberId);
    expect((await s.call('/api/wallet/withdrawPassword/set', { password: '123456' }, { token: m.token })).code).toBe(0);
    const card = await s.call('/api/wallet/bankCard/add', { bankCode: 'ICBC', cardNum: luhnCard(m.memberId) }, { token: m.token });
    expect(card.code, card.msg).toBe(0);
    expect(await tasks(m.token)).toEqual({
      bind_phone: 'todo',
      bind_payout: 'claimable',
      profile: 'claimable',
      first_deposit: 'claimed',
      first_bet: 'claimable',
    });
    for (const task of ['first_bet', 'bind_payout', 'profile']) expect((await w.move('/api/activity/novice/claim', { task }, m.token)).code).toBe(0);
    expect((await w.move('/api/activity/novice/claim', { task: 'bind_phone' }, m.token)).code).toBe(Errors.TASK_NOT_DONE.code);
    expect((await w.move('/api/activity/novice/claim', { task: 'nope' }, m.token)).code).toBe(Errors.VALIDATION.code);
    const spent = await rows<{ spent_minor: string }>(sql`SELECT spent_minor FROM promo_activities WHERE site_id = 1 AND kind = 'novice'`);
    expect(Number(spent[0].spent_minor)).toBeGreaterThanOrEqual(1_800);
  });

  it('[S7-15] a repeated claim with its key answers the first result again; an empty budget refuses and pays nothing', async () => {
    const m = await s.member();
    await w.fund(m.token, 100);
    const key = newKey();
    const first = await w.move('/api/activity/novice/claim', { task: 'first_deposit' }, m.token, key);
    const again = await w.move('/api/activity/novice/claim', { task: 'first_deposit' }, m.token, key);
    expect(again).toMatchObject({ code: 0, data: first.data });
    expect((await w.balance(m.token)).main).toBe(108);

    const other = await s.member();
    await w.fund(other.token, 100);
    await s.deps.db.execute(sql`UPDATE promo_activities SET budget_minor = spent_minor WHERE site_id = 1 AND kind = 'novice'`);
    expect((await w.move('/api/activity/novice/claim', { task: 'first_deposit' }, other.token)).code).toBe(Errors.BUDGET_SPENT.code);
    expect((await w.balance(other.token)).main).toBe(100);
    await s.deps.db.execute(sql`UPDATE promo_activities SET budget_minor = 5000000 WHERE site_id = 1 AND kind = 'novice'`);
  });

  it('[S7-15] the USDT site names the address task and pays its own figures', async () => {
    const m = await s.member({ siteId: 2 });
    const config = (await s.call('/api/activity/novice/config', {}, { token: m.token, headers: { 'x-site-id': '2' } })).data;
    expect(config.tasks[1]).toMatchObject({ task: 'bind_payout', title: '绑定USDT提款地址', reward: 0.5 });
    const list = (await s.call('/api/activity/list', {}, { headers: { 'x-site-id': '2' } })).data.list as Array<{ kind: string; category: string }>;
    expect(list.filter((a) => a.category === 'welfare').map((a) => a.kind)).toEqual(['invite', 'novice']);
  });
});
