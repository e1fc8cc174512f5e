import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { setConfig } from '../site/index.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { signInOperator, type SignedIn } from './testing.ts';

/** Manual balance adjustments: the threshold, the two-person rule, idempotency, never overdrawing, each step audited. */

let s: TestServer;
let finance: SignedIn;
let risk: SignedIn;
let finance2: SignedIn;
const w = () => caller(s);

beforeAll(async () => {
  s = await startTestServer();
  // Above ¥1,000 a second operator approves (the default is ¥10,000).
  await setConfig(s.deps.db, 1, 'adjust_approval_threshold', '1000');
  [finance, risk, finance2] = [await signInOperator(s, ['finance']), await signInOperator(s, ['risk']), await signInOperator(s, ['finance'])];
});
afterEach(() => expectLedgerSound(s));
afterAll(() => s.close());

const adjust = (op: SignedIn, path: 'request' | 'approve' | 'reject', body: object, key: string | null = newKey()) =>
  s.call(`/api/admin/wallet/adjust/${path}`, body, { headers: op.headers, ...(key ? { key } : {}) });
const mainOf = async (token: string) => (await w().balance(token)).main as number;
const q = <T>(text: string) => s.deps.database.query<T>(text);
const transfersOf = (adjustmentId: number) => q<{ kind: string }>(`SELECT kind FROM wallet_transfers WHERE ref = 'adjust:${adjustmentId}'`);
const auditOf = (adjustmentId: number) =>
  q<{ action: string; operator_id: number }>(`SELECT action, operator_id FROM admin_audit WHERE target = 'adjust:${adjustmentId}' ORDER BY id`);

describe('manual adjustments', () => {
  it('[admin] at or below the threshold the money moves at once; the member reads 人工加款 / 人工扣款 in their history', async () => {
    const m = await s.member();
    const credit = await adjust(finance, 'request', { memberId: m.memberId, direction: 'credit', amount: 1000, reason: '活动补发' });
    expect(credit.code, credit.msg).toBe(0);
    expect(credit.data).toMatchObject({ status: 'approved', needsApproval: false, amount: 1000, balanceAfter: 1000, requestedBy: finance.operatorId });
    const debit = await adjust(finance, 'request', { memberId: m.memberId, direction: 'debit', amount: 250.5, reason: '误充扣回' });
    expect(debit.data).toMatchObject({ status: 'approved', balanceAfter: 749.5 });
    expect(await mainOf(m.token)).toBe(749.5);

    const history = await s.call('/api/wallet/queryDealRecord', { page: 1, size: 10, type: 'adjust' }, { token: m.token });
    expect(history.data.list.map((r: { typeName: string; amount: number }) => [r.typeName, r.amount])).toEqual([
      ['人工扣款', -250.5],
      ['人工加款', 1000],
    ]);
    expect(history.data.list[0].detail).toBe(`调整单号 ${debit.data.adjustmentId}`);
    expect(await auditOf(credit.data.adjustmentId)).toEqual([{ action: 'adjust.request', operator_id: finance.operatorId }]);
  });

  it('[admin] above the threshold it waits; the requester can never approve it; another operator approves and the money moves once', async () => {
    const m = await s.member();
    const asked = await adjust(finance, 'request', { memberId: m.memberId, direction: 'credit', amount: 5000, reason: '大额补偿' });
    expect(asked.data).toMatchObject({ status: 'pending', needsApproval: true, balanceAfter: null });
    expect(await mainOf(m.token)).toBe(0);
    const { adjustmentId } = asked.data;

    const own = await adjust(finance, 'approve', { adjustmentId });
    expect([own.status, own.code]).toEqual([200, Errors.ADJUST_SELF_APPROVAL.code]);
    expect((await adjust(finance, 'reject', { adjustmentId, reason: '自己驳回' }, null)).code).toBe(Errors.ADJUST_SELF_APPROVAL.code);
    expect(await mainOf(m.token)).toBe(0);

    const approved = await adjust(risk, 'approve', { adjustmentId });
    expect(approved.data).toMatchObject({ status: 'approved', decidedBy: risk.operatorId, decidedByName: risk.name, balanceAfter: 5000 });
    expect(await mainOf(m.token)).toBe(5000);
    expect((await adjust(finance2, 'approve', { adjustmentId })).code).toBe(Errors.ADJUST_NOT_PENDING.code);
    expect(await transfersOf(adjustmentId)).toEqual([{ kind: 'adjust.credit' }]);
    expect((await auditOf(adjustmentId)).map((a) => [a.action, a.operator_id])).toEqual([
      ['adjust.request', finance.operatorId],
      ['adjust.approve', risk.operatorId],
    ]);
  });

  it('[admin] two operators approving at once move the money once; the same approval sent twice with one key answers alike', async () => {
    const m = await s.member();
    const first = (await adjust(finance, 'request', { memberId: m.memberId, direction: 'credit', amount: 2000, reason: '并发复核' })).data;
    const results = await Promise.all([risk, finance2].map((op) => adjust(op, 'approve', { adjustmentId: first.adjustmentId })));
    expect(results.map((r) => r.code).sort()).toEqual([0, Errors.ADJUST_NOT_PENDING.code].sort());
    expect(await transfersOf(first.adjustmentId)).toHaveLength(1);

    const second = (await adjust(finance, 'request', { memberId: m.memberId, direction: 'credit', amount: 3000, reason: '重复提交' })).data;
    const key = newKey();
    const twice = await Promise.all([1, 2].map(() => adjust(risk, 'approve', { adjustmentId: second.adjustmentId }, key)));
    for (const r of twice) expect(r.data, r.msg).toMatchObject({ adjustmentId: second.adjustmentId, status: 'approved' });
    expect(await transfersOf(second.adjustmentId)).toHaveLength(1);
    expect((await auditOf(second.adjustmentId)).map((a) => a.action)).toEqual(['adjust.request', 'adjust.approve']);
    expect(await mainOf(m.token)).toBe(5000);
  });

  it('[admin] a request repeated with its Idempotency-Key records one adjustment and moves once; without a key it is refused', async () => {
    const m = await s.member();
    const body = { memberId: m.memberId, direction: 'credit', amount: 300, reason: '补单' };
    const key = newKey();
    const [a, b] = [await adjust(finance, 'request', body, key), await adjust(finance, 'request', body, key)];
    expect(b.data).toEqual(a.data);
    expect(await q(`SELECT adjustment_id FROM admin_adjustments WHERE member_id = ${m.memberId}`)).toHaveLength(1);
    expect(await auditOf(a.data.adjustmentId)).toHaveLength(1);
    expect(await mainOf(m.token)).toBe(300);
    expect((await adjust(finance, 'request', { ...body, amount: 301 }, key)).code).toBe(Errors.IDEMPOTENCY_MISMATCH.code);
    expect((await adjust(finance, 'request', body, null)).code).toBe(Errors.IDEMPOTENCY_KEY_REQUIRED.code);
    expect(await mainOf(m.token)).toBe(300);
  });

  it('[admin] a debit beyond the balance is refused and changes nothing, at request and at approval', async () => {
    const m = await s.member();
    await adjust(finance, 'request', { memberId: m.memberId, direction: 'credit', amount: 1000, reason: '开户' });
    const rows = async () => q(`SELECT adjustment_id, status FROM admin_adjustments WHERE member_id = ${m.memberId} ORDER BY 1`);
    const before = await rows();
    const over = await adjust(finance, 'request', { memberId: m.memberId, direction: 'debit', amount: 1000.01, reason: '扣回' });
    expect([over.code, over.msg]).toEqual([Errors.ADJUST_EXCEEDS_BALANCE.code, '扣款金额超过会员中心钱包余额']);
    expect(await rows()).toEqual(before);
    expect(await mainOf(m.token)).toBe(1000);

    // Asked while covered, approved after the balance fell: refused, still pending, nothing moved.
    await adjust(finance, 'request', { memberId: m.memberId, direction: 'credit', amount: 1000, reason: '补发' });
    const big = (await adjust(finance, 'request', { memberId: m.memberId, direction: 'debit', amount: 1500, reason: '大额扣回' })).data;
    expect(big.status).toBe('pending');
    await adjust(finance, 'request', { memberId: m.memberId, direction: 'debit', amount: 800, reason: '小额扣回' });
    const late = await adjust(risk, 'approve', { adjustmentId: big.adjustmentId });
    expect(late.code).toBe(Errors.ADJUST_EXCEEDS_BALANCE.code);
    expect((await s.call('/api/admin/wallet/adjust/list', { memberId: m.memberId }, { headers: risk.headers })).data.list[1]).toMatchObject({
      adjustmentId: big.adjustmentId,
      status: 'pending',
    });
    expect(await transfersOf(big.adjustmentId)).toEqual([]);
    expect(await mainOf(m.token)).toBe(1200);
  });

  it('[admin] a rejected adjustment moves nothing and is decided once; list shows it with the site’s threshold', async () => {
    const m = await s.member();
    const { adjustmentId } = (await adjust(finance, 'request', { memberId: m.memberId, direction: 'credit', amount: 9999, reason: '待复核' })).data;
    const rejected = await adjust(risk, 'reject', { adjustmentId, reason: '无依据' }, null);
    expect(rejected.data).toMatchObject({ status: 'rejected', rejectReason: '无依据', decidedBy: risk.operatorId });
    expect((await adjust(finance2, 'approve', { adjustmentId })).code).toBe(Errors.ADJUST_NOT_PENDING.code);
    expect(await mainOf(m.token)).toBe(0);
    const list = await s.call('/api/admin/wallet/adjust/list', { status: 'rejected' }, { headers: finance2.headers });
    expect(list.data.list[0]).toMatchObject({ adjustmentId, memberName: m.name, requestedByName: finance.name });
    expect(list.data.thresholds).toEqual(
      expect.arrayContaining([
        { siteId: 1, currency: 'CNY', threshold: 1000 },
        { siteId: 2, currency: 'USDT', threshold: 1400 },
      ]),
    );
    expect((await auditOf(adjustmentId)).map((a) => a.action)).toEqual(['adjust.request', 'adjust.reject']);
  });

  it('[admin] only finance, risk and super adjust; an operator of another site cannot touch this site’s members', async () => {
    const m = await s.member();
    const body = { memberId: m.memberId, direction: 'credit', amount: 10, reason: '权限测试' };
    for (const role of ['cs', 'trader', 'content', 'moderator'] as const) {
      const res = await adjust(await signInOperator(s, [role]), 'request', body);
      expect([res.status, res.code], role).toEqual([403, Errors.OPERATOR_FORBIDDEN.code]);
    }
    const elsewhere = await signInOperator(s, ['finance'], [2]);
    expect((await adjust(elsewhere, 'request', body)).code).toBe(Errors.OPERATOR_SITE_FORBIDDEN.code);
    const pending = (await adjust(finance, 'request', { ...body, amount: 2000 })).data;
    expect((await adjust(elsewhere, 'approve', { adjustmentId: pending.adjustmentId })).code).toBe(Errors.OPERATOR_SITE_FORBIDDEN.code);
    const theirs = await s.call('/api/admin/wallet/adjust/list', {}, { headers: elsewhere.headers });
    expect(theirs.data.list.every((a: { siteId: number }) => a.siteId === 2)).toBe(true);
    expect(await mainOf(m.token)).toBe(0);
    const bad = await adjust(finance, 'request', { ...body, reason: ' ' });
    expect(bad.code).toBe(Errors.VALIDATION.code);
  });
});
