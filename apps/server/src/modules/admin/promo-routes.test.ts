import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { refusedOperators, superAdmin, unrefused } from './testing.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => clock.reset());
afterAll(() => s.close());

const as = async (url: string, body: object) => s.call(url, body, { headers: (await superAdmin(s)).headers });
const grades = async () => (await as('/api/admin/vip/grade/list', { siteId: 1 })).data.list;

async function promoState() {
  const q = (text: string) => s.deps.database.query(text);
  return {
    activities: await q('SELECT activity_id, enabled FROM promo_activities ORDER BY 1'),
    grades: await q('SELECT * FROM vip_grades ORDER BY site_id, vip_level'),
    rates: await q('SELECT * FROM vip_rebate_rates ORDER BY 1, 2, 3'),
    audit: await q('SELECT count(*)::int AS n FROM admin_audit'),
  };
}

describe('promotions and VIP configuration', () => {
  it('[admin] roles without promo.manage, another site’s operator and bad grades are refused with their codes; nothing changes', async () => {
    const [activity] = (await as('/api/admin/promo/activity/list', { siteId: 1 })).data.list;
    const [, level1] = await grades();
    const calls: Array<[string, object]> = [
      ['/api/admin/promo/activity/list', { siteId: 1 }],
      ['/api/admin/promo/activity/switch', { siteId: 1, activityId: activity.activityId, enabled: false }],
      ['/api/admin/vip/grade/list', { siteId: 1 }],
      ['/api/admin/vip/grade/save', { siteId: 1, grade: level1 }],
    ];
    const refused = await refusedOperators(s, 'promo.manage', 'content');
    const before = await promoState();
    const failures = await unrefused(s, refused, calls);
    expect(failures).toEqual([]);

    const save = (grade: object) => as('/api/admin/vip/grade/save', { siteId: 1, grade: { ...level1, ...grade } });
    const overLevel2 = await save({ deposit: 10_000_000 });
    expect([overLevel2.code, overLevel2.msg]).toEqual([Errors.VIP_GRADE_ORDER.code, '等级门槛须随等级递增：VIP1 的门槛须低于 VIP2']);
    // Strictly: a threshold equal to the next level's (or the previous one's) would reach two levels at once.
    const [, , level2] = await grades();
    expect((await save({ turnover: level2.turnover })).msg).toBe('等级门槛须随等级递增：VIP1 的门槛须低于 VIP2');
    expect((await save({ deposit: 0 })).msg).toBe('等级门槛须随等级递增：VIP1 的门槛须高于 VIP0');
    expect((await save({ weeklyBonus: -1 })).msg).toBe('grade.weeklyBonus: 周礼金不能为负数');
    expect((await save({ rebate: { ...level1.rebate, sports: 3.01 } })).msg).toBe('grade.rebate.sports: 返水比例不能超过3%');
    expect((await save({ vipLevel: 99 })).code).toBe(Errors.VALIDATION.code);
    expect((await save({ vipLevel: 40 })).code).toBe(Errors.VIP_GRADE_GAP.code);
    expect((await save({ withdrawMax: 0 })).code).toBe(Errors.VALIDATION.code);
    expect((await save({ upgradeBonus: 1.005 })).code).toBe(Errors.VALIDATION.code);
    expect((await save({ rebate: { ...level1.rebate, live: 101 } })).code).toBe(Errors.VALIDATION.code);
    expect((await as('/api/admin/promo/activity/switch', { siteId: 2, activityId: activity.activityId, enabled: false })).code).toBe(
      Errors.ACTIVITY_NOT_FOUND.code,
    );
    expect(await promoState()).toEqual(before);
  });

  it('[admin] an activity switched off leaves the member list and takes no sign-in until switched on again; audited', async () => {
    const member = await s.member();
    const sign = (await as('/api/admin/promo/activity/list', { siteId: 1 })).data.list.find((a: { kind: string }) => a.kind === 'sign');
    expect(sign).toMatchObject({ enabled: true, status: 'open' });
    const off = await as('/api/admin/promo/activity/switch', { siteId: 1, activityId: sign.activityId, enabled: false });
    expect(off.data).toMatchObject({ activityId: sign.activityId, enabled: false, status: 'ended' });
    const listed = async () => (await s.call('/api/activity/list', {})).data.list.map((a: { kind: string }) => a.kind);
    expect(await listed()).not.toContain('sign');
    expect((await s.call('/api/activity/sign/draw', {}, { token: member.token, key: 'k-sign-off' })).code).toBe(Errors.ACTIVITY_CLOSED.code);

    await as('/api/admin/promo/activity/switch', { siteId: 1, activityId: sign.activityId, enabled: true });
    expect(await listed()).toContain('sign');
    const [entry] = (await as('/api/admin/audit/list', { action: 'promo.activity.switch', size: 1 })).data.list;
    expect(entry).toMatchObject({ before: { enabled: false }, after: { enabled: true } });
  });

  it('[admin] a grade edited in the console is what members read in the VIP rules, and a next level can be added', async () => {
    const table = await grades();
    const level2 = table[2];
    const saved = await as('/api/admin/vip/grade/save', {
      siteId: 1,
      grade: { ...level2, grade: '白银贵宾', upgradeBonus: 88.8, rebate: { ...level2.rebate, sports: 0.75 }, birthdayBonus: 66 },
    });
    expect(saved.code, saved.msg).toBe(0);
    expect(saved.data).toMatchObject({ vipLevel: 2, grade: '白银贵宾', upgradeBonus: 88.8, birthdayBonus: 66, rebate: { sports: 0.75 } });
    const member = await s.member();
    const rules = (await s.call('/api/member/vip/rules', {}, { token: member.token })).data.list;
    expect(rules.find((r: { vipLevel: number }) => r.vipLevel === 2)).toMatchObject({ grade: '白银贵宾', upgradeBonus: 88.8, rebate: { sports: 0.75 } });

    const top = table.at(-1);
    const next = { ...top, vipLevel: top.vipLevel + 1, grade: '至尊', deposit: top.deposit + 1, turnover: top.turnover + 1 };
    expect((await as('/api/admin/vip/grade/save', { siteId: 1, grade: next })).data).toMatchObject({ vipLevel: top.vipLevel + 1, grade: '至尊' });
    const [entry] = (await as('/api/admin/audit/list', { action: 'vip.grade.save', size: 2 })).data.list.reverse();
    expect(entry).toMatchObject({ target: 'site:1:vip:2', before: { grade: level2.grade }, after: { grade: '白银贵宾' } });
  });
});
