import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { pendingWithdrawal } from '../wallet/testing.ts';
import { superAdmin } from './testing.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const q = <T = Record<string, unknown>>(text: string) => s.deps.database.query<T>(text);
const count = async (text: string) => Number((await q<{ n: unknown }>(text))[0].n);

/**
 * Makes the commit of any transaction that wrote an audit entry of `action` fail: a deferred
 * trigger runs at commit, after the entry and the action's own writes, so a rollback must take both.
 */
async function failCommitsOf(action: string) {
  await s.deps.database.exec(`
    CREATE OR REPLACE FUNCTION test_refuse_commit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'commit refused by the test'; END $$;
    DROP TRIGGER IF EXISTS test_refuse_commit ON admin_audit;
    CREATE CONSTRAINT TRIGGER test_refuse_commit AFTER INSERT ON admin_audit DEFERRABLE INITIALLY DEFERRED
      FOR EACH ROW WHEN (NEW.action = '${action}') EXECUTE FUNCTION test_refuse_commit();`);
  return () => s.deps.database.exec('DROP TRIGGER test_refuse_commit ON admin_audit');
}

describe('an operator action and its audit entry commit together', () => {
  it('[admin] a withdrawal approval whose transaction fails after its entry leaves neither the payout nor the entry; committed, it has one', async () => {
    const admin = await superAdmin(s);
    const { orderId } = await pendingWithdrawal(s);
    const head = await q<{ last_id: unknown }>('SELECT last_id FROM admin_audit_head');
    const transfers = await count('SELECT count(*) AS n FROM wallet_transfers');

    const restore = await failCommitsOf('withdraw.approve');
    const failed = await s.call('/api/admin/wallet/withdraw/approve', { orderId }, { headers: admin.headers });
    await restore();
    expect(failed.code).not.toBe(0);
    expect((await q<{ status: string }>(`SELECT status FROM wallet_withdraw_orders WHERE order_id = ${orderId}`))[0].status).toBe('pending');
    expect(await count('SELECT count(*) AS n FROM wallet_transfers')).toBe(transfers);
    expect(await count(`SELECT count(*) AS n FROM admin_audit WHERE target = 'withdraw:${orderId}'`)).toBe(0);
    expect(await q('SELECT last_id FROM admin_audit_head')).toEqual(head);

    const paid = await s.call('/api/admin/wallet/withdraw/approve', { orderId }, { headers: admin.headers });
    expect(paid.data).toMatchObject({ orderId, status: 'paid' });
    expect(await count(`SELECT count(*) AS n FROM admin_audit WHERE action = 'withdraw.approve' AND target = 'withdraw:${orderId}'`)).toBe(1);
    // Approved again: refused, nothing changed, nothing recorded.
    expect((await s.call('/api/admin/wallet/withdraw/approve', { orderId }, { headers: admin.headers })).code).not.toBe(0);
    expect(await count(`SELECT count(*) AS n FROM admin_audit WHERE target = 'withdraw:${orderId}'`)).toBe(1);
    expect((await s.call('/api/admin/audit/verify', {}, { headers: admin.headers })).data).toMatchObject({ ok: true });
  });

  it('[admin] the same for a member’s note, an adjustment and a match hold: each rolled back whole, then each committed with one entry', async () => {
    const admin = await superAdmin(s);
    const member = await s.member();
    const [match] = await q<{ match_id: unknown }>(`SELECT match_id FROM sports_matches WHERE status = 'scheduled' ORDER BY match_id LIMIT 1`);
    const matchId = Number(match.match_id);
    const actions = [
      { action: 'member.note', url: '/api/admin/member/note', body: { memberId: member.memberId, content: '回滚测试' } },
      {
        action: 'adjust.request',
        url: '/api/admin/wallet/adjust/request',
        body: { memberId: member.memberId, direction: 'credit', amount: 5, reason: '回滚测试' },
      },
      { action: 'sports.match.hold', url: '/api/admin/sports/match/hold', body: { matchId, held: true } },
    ];
    const state = async () => ({
      notes: await count(`SELECT count(*) AS n FROM admin_member_notes WHERE member_id = ${member.memberId}`),
      adjustments: await count(`SELECT count(*) AS n FROM admin_adjustments WHERE member_id = ${member.memberId}`),
      held: (await q<{ held: boolean }>(`SELECT held FROM sports_matches WHERE match_id = ${matchId}`))[0].held,
      entries: await count('SELECT count(*) AS n FROM admin_audit'),
    });
    const start = await state();
    let key = 0;
    for (const { action, url, body } of actions) {
      const restore = await failCommitsOf(action);
      const answer = await s.call(url, body, { headers: { ...admin.headers, 'idempotency-key': `atomic-${++key}` } });
      await restore();
      expect(answer.code, action).not.toBe(0);
    }
    expect(await state()).toEqual(start);

    for (const { action, url, body } of actions) {
      const answer = await s.call(url, body, { headers: { ...admin.headers, 'idempotency-key': `atomic-${++key}` } });
      expect(answer.code, `${action}: ${answer.msg}`).toBe(0);
    }
    expect(await state()).toEqual({ notes: start.notes + 1, adjustments: start.adjustments + 1, held: true, entries: start.entries + 3 });
    expect((await s.call('/api/admin/audit/verify', {}, { headers: admin.headers })).data).toMatchObject({ ok: true });
  });

  it('[admin] operators acting at once: every entry numbered one after another, the chain unbroken', async () => {
    const admin = await superAdmin(s);
    const member = await s.member();
    const before = await count('SELECT count(*) AS n FROM admin_audit');
    const notes = Array.from({ length: 8 }, (_, i) =>
      s.call('/api/admin/member/note', { memberId: member.memberId, content: `同时 ${i}` }, { headers: admin.headers }),
    );
    expect((await Promise.all(notes)).map((a) => a.code)).toEqual(Array(8).fill(0));
    expect(await count('SELECT count(*) AS n FROM admin_audit')).toBe(before + 8);
    expect((await s.call('/api/admin/audit/verify', {}, { headers: admin.headers })).data).toMatchObject({ ok: true, entries: before + 8 });
  });
});
