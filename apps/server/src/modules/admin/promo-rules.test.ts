import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_KINDS, Errors, OPERATOR_ROLES, ROLE_PERMISSIONS, type ActivityKind } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { signInOperator, superAdmin } from './testing.ts';

/** Issue 15, 17: the operator edits each activity's rules from the console, checked by its kind's schema, audited, read by members next. */

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

type Rules = Record<string, any>;
const as = async (url: string, body: object) => s.call(url, body, { headers: (await superAdmin(s)).headers });
const activities = async (siteId = 1): Promise<Array<{ activityId: number; kind: ActivityKind }>> =>
  (await as('/api/admin/promo/activity/list', { siteId })).data.list;
const idOf = async (kind: ActivityKind) => (await activities()).find((a) => a.kind === kind)!.activityId;
const rulesOf = async (kind: ActivityKind): Promise<Rules> =>
  (await as('/api/admin/promo/activity/rules', { siteId: 1, activityId: await idOf(kind) })).data.rules;
const save = async (kind: ActivityKind, change: (r: Rules) => Rules, activityId?: number) =>
  as('/api/admin/promo/activity/rules/save', { siteId: 1, activityId: activityId ?? (await idOf(kind)), rules: change(structuredClone(await rulesOf(kind))) });

async function promoState() {
  const q = (text: string) => s.deps.database.query(text);
  return {
    activities: await q('SELECT activity_id, title, start_at, end_at, budget_minor, config FROM promo_activities ORDER BY 1'),
    prizes: await q('SELECT * FROM promo_prizes ORDER BY 1, 2'),
    audit: await q('SELECT count(*)::int AS n FROM admin_audit'),
  };
}

/** [kind, what the operator changed, the code, the message's words] */
const REFUSED: Array<[ActivityKind, string, (r: Rules) => Rules, number, string]> = [
  ['wheel', 'every weight zero', (r) => ({ ...r, prizes: r.prizes.map((p: Rules) => ({ ...p, weight: 0 })) }), Errors.VALIDATION.code, '奖品权重之和须大于0'],
  ['wheel', 'no prizes', (r) => ({ ...r, prizes: undefined }), Errors.VALIDATION.code, '至少设置一个奖品'],
  [
    'wheel',
    'a negative weight',
    (r) => ({ ...r, prizes: r.prizes.map((p: Rules, i: number) => (i ? p : { ...p, weight: -1 })) }),
    Errors.VALIDATION.code,
    '权重不能小于0',
  ],
  [
    'wheel',
    'a money prize of 0',
    (r) => ({ ...r, prizes: r.prizes.map((p: Rules, i: number) => (i ? p : { ...p, amountMinor: '0' })) }),
    Errors.VALIDATION.code,
    '奖品金额须大于0',
  ],
  [
    'wheel',
    'a fraction of a cent per draw',
    (r) => ({ ...r, config: { ...r.config, depositPerDrawMinor: '1.5' } }),
    Errors.VALIDATION.code,
    '每次抽奖所需存款须为不小于0的金额',
  ],
  [
    'wheel',
    'a prize of a fraction of a cent',
    (r) => ({ ...r, prizes: r.prizes.map((p: Rules, i: number) => (i ? p : { ...p, amountMinor: '0.5' })) }),
    Errors.VALIDATION.code,
    '奖品金额须为不小于0的金额',
  ],
  ['wheel', 'no deposit per draw', (r) => ({ ...r, config: { ...r.config, depositPerDrawMinor: '0' } }), Errors.VALIDATION.code, '每次抽奖所需存款须大于0'],
  [
    'sign',
    'a negative day amount',
    (r) => ({ ...r, config: { ...r.config, dayMinor: ['-500', ...r.config.dayMinor.slice(1)] } }),
    Errors.VALIDATION.code,
    '签到金额须为不小于0的金额',
  ],
  ['sign', 'a milestone past the cycle', (r) => ({ ...r, config: { ...r.config, milestones: [40] } }), Errors.VALIDATION.code, '里程碑天数'],
  ['sign', 'no day', (r) => ({ ...r, config: { ...r.config, dayMinor: [] } }), Errors.VALIDATION.code, '至少设置1天的签到金额'],
  ['sign', 'the end before the start', (r) => ({ ...r, endAt: r.startAt - 1 }), Errors.VALIDATION.code, '结束时间须晚于开始时间'],
  ['sign', 'a budget below zero', (r) => ({ ...r, budget: -1 }), Errors.VALIDATION.code, '活动预算不能为负数'],
  ['sign', 'a budget of three decimals', (r) => ({ ...r, budget: 10.005 }), Errors.VALIDATION.code, '活动预算最多两位小数'],
  ['sign', 'an empty title', (r) => ({ ...r, title: ' ' }), Errors.VALIDATION.code, '请填写活动名称'],
  [
    'sign',
    'a minimum VIP level below zero',
    (r) => ({ ...r, config: { ...r.config, eligibility: { minVipLevel: -1, excludedTags: [] } } }),
    Errors.VALIDATION.code,
    '最低VIP等级不能小于0',
  ],
  ['sign', 'an unknown tag', (r) => ({ ...r, config: { ...r.config, eligibility: { minVipLevel: 0, excludedTags: ['vip'] } } }), Errors.VALIDATION.code, ''],
  [
    'sign',
    'prizes on a kind without',
    (r) => ({ ...r, prizes: [{ prizeNo: 1, kind: 'money', amountMinor: '100', name: 'x', weight: 1, stock: null }] }),
    Errors.VALIDATION.code,
    '该类活动没有奖品',
  ],
  [
    'first_deposit',
    'a cap below zero',
    (r) => ({ ...r, config: { ...r.config, tiers: [{ ...r.config.tiers[0], capMinor: '-1' }] } }),
    Errors.VALIDATION.code,
    '赠送上限须为不小于0的金额',
  ],
  [
    'first_deposit',
    'a second deposit',
    (r) => ({ ...r, config: { ...r.config, tiers: [{ ...r.config.tiers[0], nth: 2 }] } }),
    Errors.VALIDATION.code,
    '首存优惠只能设置第1笔存款',
  ],
  [
    'first_deposit',
    'a percent of 0',
    (r) => ({ ...r, config: { ...r.config, tiers: [{ ...r.config.tiers[0], percent: 0 }] } }),
    Errors.VALIDATION.code,
    '赠送比例须大于0',
  ],
  ['first_deposit', 'a multiple past 100', (r) => ({ ...r, config: { ...r.config, multipleX100: 10_001 } }), Errors.VALIDATION.code, '流水倍数最高100倍'],
  [
    'continue_deposit',
    'the first deposit',
    (r) => ({ ...r, config: { ...r.config, tiers: [{ ...r.config.tiers[0], nth: 1 }] } }),
    Errors.VALIDATION.code,
    '续存优惠须从第2笔存款起设置',
  ],
  [
    'continue_deposit',
    'two tiers of one deposit',
    (r) => ({ ...r, config: { ...r.config, tiers: [r.config.tiers[0], r.config.tiers[0]] } }),
    Errors.VALIDATION.code,
    '每笔存款只能设置一档',
  ],
  ['lottery', 'no ticket limit', (r) => ({ ...r, config: { ...r.config, maxTickets: 0 } }), Errors.VALIDATION.code, '最多抽奖券不能小于1'],
  ['invite', 'a reward of 0', (r) => ({ ...r, config: { ...r.config, rewardMinor: '0' } }), Errors.VALIDATION.code, '邀请奖励须大于0'],
  ['novice', 'a task twice', (r) => ({ ...r, config: { ...r.config, tasks: [r.config.tasks[0], r.config.tasks[0]] } }), Errors.VALIDATION.code, '任务不能重复'],
  ['guess', 'no match', (r) => ({ ...r, config: { ...r.config, matches: 0 } }), Errors.VALIDATION.code, '竞猜场次不能小于1'],
];

describe('the operator’s activity rules', () => {
  it('[admin] every kind’s rules are read and saved back as they are (a title changed), and members list the new title', async () => {
    const kinds = (await activities()).map((a) => a.kind).sort();
    expect(kinds).toEqual([...ACTIVITY_KINDS].sort());
    for (const kind of ACTIVITY_KINDS) {
      const saved = await save(kind, (r) => ({ ...r, title: `${r.title}·新` }));
      expect(saved.code, `${kind}: ${saved.msg}`).toBe(0);
      expect(saved.data.rules.kind).toBe(kind);
    }
    const titles = (await s.call('/api/activity/list', {})).data.list.map((a: { title: string }) => a.title);
    expect(titles.every((t: string) => t.endsWith('·新'))).toBe(true);
  });

  it('[admin] bad rules are refused by their kind’s schema with a zh-CN message naming the field, and nothing changes', async () => {
    const before = await promoState();
    const failures: string[] = [];
    for (const [kind, what, change, code, words] of REFUSED) {
      const res = await save(kind, change);
      if (res.code !== code || !res.msg.includes(words)) failures.push(`${kind} ${what}: ${res.code} ${res.msg}`);
    }
    expect(failures).toEqual([]);
    // Another kind's rules on this activity, or another site's activity.
    const wheelId = await idOf('wheel');
    expect((await save('sign', (r) => r, wheelId)).code).toBe(Errors.ACTIVITY_KIND_MISMATCH.code);
    const other = await as('/api/admin/promo/activity/rules/save', { siteId: 2, activityId: await idOf('sign'), rules: await rulesOf('sign') });
    expect(other.code).toBe(Errors.ACTIVITY_NOT_FOUND.code);
    expect(await promoState()).toEqual(before);
  });

  it('[admin] a budget below what was paid and a stock below what was won are refused; nothing changes', async () => {
    const member = await s.member();
    expect((await s.call('/api/activity/sign/draw', {}, { token: member.token, key: 'rules-sign-1' })).code).toBe(0);
    const spin = await s.call('/api/activity/wheel/draw', {}, { token: member.token, key: 'rules-wheel-1' });
    expect(spin.code, spin.msg).toBe(0);
    const [record] = await s.deps.database.query<{ prize_no: number }>(
      `SELECT (detail->>'prizeNo')::int AS prize_no FROM promo_records WHERE record_id = ${spin.data.recordId}`,
    );
    const before = await promoState();
    const budget = await save('sign', (r) => ({ ...r, budget: 0 }));
    expect([budget.code, budget.msg]).toEqual([Errors.ACTIVITY_BUDGET_BELOW_SPENT.code, expect.stringContaining('活动预算不能低于已发放的')]);
    const stock = await save('wheel', (r) => ({ ...r, prizes: r.prizes.map((p: Rules) => (p.prizeNo === record.prize_no ? { ...p, stock: 0 } : p)) }));
    expect([stock.code, stock.msg]).toEqual([Errors.PRIZE_STOCK_BELOW_WON.code, expect.stringContaining('已抽中1个，库存不能低于1')]);
    expect(await promoState()).toEqual(before);
  });

  it('[admin] roles without promo.manage and another site’s operator are refused the rules', async () => {
    const activityId = await idOf('sign');
    const rules = await rulesOf('sign');
    const lacking = OPERATOR_ROLES.filter((role) => !ROLE_PERMISSIONS[role].includes('promo.manage'));
    const refused = [
      ...(await Promise.all(lacking.map((role) => signInOperator(s, [role])))).map((op) => [op, Errors.OPERATOR_FORBIDDEN.code] as const),
      [await signInOperator(s, ['content'], [2]), Errors.OPERATOR_SITE_FORBIDDEN.code] as const,
    ];
    const failures: string[] = [];
    for (const [url, body] of [
      ['/api/admin/promo/activity/rules', { siteId: 1, activityId }],
      ['/api/admin/promo/activity/rules/save', { siteId: 1, activityId, rules: { ...rules, title: '越权' } }],
    ] as const) {
      for (const [op, code] of refused) {
        const res = await s.call(url, body, { headers: op.headers });
        if (res.status !== 403 || res.code !== code) failures.push(`${url}: ${res.status} ${res.code}`);
      }
    }
    expect(failures).toEqual([]);
    expect((await rulesOf('sign')).title).not.toBe('越权');
  });

  it('[admin] a changed sign-in amount is what the next sign-in pays, and the change is audited with before and after', async () => {
    const old = (await rulesOf('sign')).config.dayMinor;
    const saved = await save('sign', (r) => ({ ...r, config: { ...r.config, dayMinor: r.config.dayMinor.map(() => '1234') } }));
    expect(saved.code, saved.msg).toBe(0);
    const member = await s.member();
    const config = (await s.call('/api/activity/sign/config', {}, { token: member.token })).data;
    expect(config.days[0].prize.amount).toBe(12.34);
    expect((await s.call('/api/activity/sign/draw', {}, { token: member.token, key: 'rules-sign-2' })).data.prize).toMatchObject({
      kind: 'money',
      amount: 12.34,
    });

    const [entry] = (await as('/api/admin/audit/list', { action: 'promo.activity.rules', size: 1 })).data.list;
    expect(entry.target).toBe(`site:1:activity:${await idOf('sign')}`);
    expect(entry.before.rules.config.dayMinor).toEqual(old);
    expect(entry.after.rules.config.dayMinor).toEqual(old.map(() => '1234'));
    expect((await as('/api/admin/audit/verify', {})).data).toMatchObject({ ok: true });
  });

  it('[admin] a wheel prize changed is what the member’s wheel shows next, with its stock', async () => {
    const saved = await save('wheel', (r) => ({
      ...r,
      prizes: [...r.prizes.filter((p: Rules) => p.prizeNo !== 2), { prizeNo: 9, kind: 'money', amountMinor: '6666', name: '66.66 大奖', weight: 3, stock: 10 }],
    }));
    expect(saved.code, saved.msg).toBe(0);
    const member = await s.member();
    const prizes = (await s.call('/api/activity/wheel/config', {}, { token: member.token })).data.prizes;
    expect(prizes.map((p: { prizeNo: number }) => p.prizeNo)).not.toContain(2);
    expect(prizes.find((p: { prizeNo: number }) => p.prizeNo === 9)).toEqual({
      prizeNo: 9,
      prize: { kind: 'money', amount: 66.66, name: '66.66 大奖' },
      left: 10,
    });
  });

  it('[admin] an activity’s minimum VIP level and excluded tags keep members out, with the reason, and its rules say so', async () => {
    expect((await save('wheel', (r) => ({ ...r, config: { ...r.config, eligibility: { minVipLevel: 3, excludedTags: [] } } }))).code).toBe(0);
    const member = await s.member();
    const refused = await s.call('/api/activity/wheel/config', {}, { token: member.token });
    expect([refused.code, refused.msg]).toEqual([Errors.ACTIVITY_NOT_ELIGIBLE.code, '本活动仅限VIP3及以上会员参与']);
    expect((await s.call('/api/activity/wheel/draw', {}, { token: member.token, key: 'rules-wheel-vip' })).code).toBe(Errors.ACTIVITY_NOT_ELIGIBLE.code);
    const listed = (await s.call('/api/activity/list', {})).data.list.find((a: { kind: string }) => a.kind === 'wheel');
    expect(listed.rules).toContain('仅限VIP3及以上会员参与。');

    expect((await save('wheel', (r) => ({ ...r, config: { ...r.config, eligibility: { minVipLevel: 0, excludedTags: ['no_level_bonus'] } } }))).code).toBe(0);
    expect((await s.call('/api/activity/wheel/config', {}, { token: member.token })).code).toBe(0);
    await as('/api/admin/member/tags', { memberId: member.memberId, tags: ['no_level_bonus'] });
    expect((await s.call('/api/activity/wheel/config', {}, { token: member.token })).code).toBe(Errors.ACTIVITY_NOT_ELIGIBLE.code);
  });
});
