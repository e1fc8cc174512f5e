import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors, OPERATOR_ROLES, ROLE_PERMISSIONS, type OperatorRole, type Permission } from '@bp/contract';
import { postgresEnv, startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { runScript } from '../../scripts/testing.ts';
import { depositUnderReview, pendingWithdrawal } from '../wallet/testing.ts';
import { signInOperator, superAdmin, totpNow, type SignedIn } from './testing.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterEach(() => clock.reset());
afterAll(() => s.close());

type Doc = { paths: Record<string, Record<string, { 'x-permission'?: Permission }>> };

/** Every operator route of the API document with the permission it names. */
async function operatorRoutes(): Promise<Array<{ url: string; permission: Permission | undefined }>> {
  const doc = (await s.inject({ method: 'GET', url: '/api/docs/json' })).json() as Doc;
  return Object.entries(doc.paths)
    .filter(([url]) => url.startsWith('/api/admin/') && url !== '/api/admin/auth/login')
    .map(([url, ops]) => ({ url, permission: ops.post?.['x-permission'] }));
}

/** What any operator call could change: read whole, compared before and after. */
async function everything() {
  const q = (text: string) => s.deps.database.query(text);
  return {
    operators: await q('SELECT operator_id, name, roles, site_ids, status FROM admin_operators ORDER BY operator_id'),
    sessions: await q('SELECT session_id, ended_at FROM admin_sessions ORDER BY session_id'),
    audit: await q('SELECT count(*)::int AS n FROM admin_audit'),
    withdrawals: await q('SELECT order_id, status FROM wallet_withdraw_orders ORDER BY order_id'),
    deposits: await q('SELECT order_id, status FROM wallet_deposit_orders ORDER BY order_id'),
    transfers: await q('SELECT count(*)::int AS n FROM wallet_transfers'),
    messages: await q('SELECT count(*)::int AS n FROM member_messages'),
    agents: await q('SELECT member_id, status FROM agent_applications ORDER BY member_id'),
    moderators: await q('SELECT chat_room_no, member_id FROM live_chat_moderators ORDER BY 1, 2'),
    rooms: await q('SELECT anchor_room_id, anchor_status, match_id, title FROM live_anchor_rooms ORDER BY 1'),
    members: await q('SELECT member_id, status, tags, vip_level, password_hash FROM members ORDER BY 1'),
    notes: await q('SELECT count(*)::int AS n FROM admin_member_notes'),
    adjustments: await q('SELECT adjustment_id, status FROM admin_adjustments ORDER BY 1'),
    blocked: await q('SELECT (SELECT count(*) FROM blocked_ips)::int AS ips, (SELECT count(*) FROM blocked_devices)::int AS devices'),
    agentRates: await q('SELECT member_id, rate_bp FROM agent_commission_rates ORDER BY 1'),
  };
}

describe('the permission matrix', () => {
  it(
    '[admin] every /api/admin/ route answers 401 without an operator session and 403 to a role lacking its permission; nothing changes',
    { timeout: 120_000 },
    async () => {
      const routes = await operatorRoutes();
      expect(routes.length).toBeGreaterThanOrEqual(20);
      for (const { url, permission } of routes) expect(permission, url).toBeDefined();

      // Bodies that would succeed for an operator allowed to make the call.
      const withdrawal = await pendingWithdrawal(s);
      const deposit = await depositUnderReview(s);
      const member = await s.member();
      expect((await s.call('/api/member/agent/joinUs', { contact: 'telegram @x' }, { token: member.token })).code).toBe(0);
      const room = (
        await s.deps.database.query<{ anchor_room_id: number; chat_room_no: string }>('SELECT anchor_room_id, chat_room_no FROM live_anchor_rooms LIMIT 1')
      )[0];
      const target = await signInOperator(s, ['cs']);
      const adjustment = await s.call(
        '/api/admin/wallet/adjust/request',
        { memberId: member.memberId, direction: 'credit', amount: 20_000, reason: '大额补发' },
        { headers: (await superAdmin(s)).headers, key: 'matrix-adjust' },
      );
      const { adjustmentId } = adjustment.data;
      const bodies: Record<string, object> = {
        '/api/admin/operator/create': { name: 'op_matrix', password: 'matrix12345', roles: ['super'], siteIds: null },
        '/api/admin/operator/update': { operatorId: target.operatorId, roles: ['super'] },
        '/api/admin/wallet/withdraw/approve': { orderId: withdrawal.orderId },
        '/api/admin/wallet/withdraw/reject': { orderId: withdrawal.orderId, reason: '风控拒绝' },
        '/api/admin/wallet/withdraw/risk': { orderId: withdrawal.orderId },
        '/api/admin/wallet/deposit/approve': { orderId: deposit.orderId },
        '/api/admin/wallet/deposit/reject': { orderId: deposit.orderId, reason: '未到账' },
        '/api/admin/wallet/deposit/proof': { orderId: deposit.orderId },
        '/api/admin/message/send': { siteId: 1, title: '通知', content: '内容' },
        '/api/admin/agent/decide': { memberId: member.memberId, approve: true },
        '/api/admin/live/moderator/grant': { chatRoomNo: room.chat_room_no, memberId: member.memberId },
        '/api/admin/live/moderator/revoke': { chatRoomNo: room.chat_room_no, memberId: member.memberId },
        '/api/admin/live/chat/actions': { chatRoomNo: room.chat_room_no },
        '/api/admin/live/room/update': { anchorRoomId: Number(room.anchor_room_id), title: '被改的标题' },
        '/api/admin/dashboard': { siteId: 1, days: 7 },
        '/api/admin/member/search': { keyword: member.name },
        '/api/admin/member/detail': { memberId: member.memberId },
        '/api/admin/member/block': { memberId: member.memberId, blocked: true, reason: '风控' },
        '/api/admin/member/blockIp': { siteId: 1, ip: '10.9.8.7', blocked: true, reason: '风控' },
        '/api/admin/member/blockDevice': { siteId: 1, device: 'device-x', blocked: true, reason: '风控' },
        '/api/admin/member/tags': { memberId: member.memberId, tags: ['activity_blacklist'] },
        '/api/admin/member/vip': { memberId: member.memberId, vipLevel: 5, reason: '补发' },
        '/api/admin/member/note': { memberId: member.memberId, content: '备注' },
        '/api/admin/member/password/reset': { memberId: member.memberId },
        '/api/admin/wallet/adjust/request': { memberId: member.memberId, direction: 'credit', amount: 10, reason: '补发' },
        '/api/admin/wallet/adjust/approve': { adjustmentId },
        '/api/admin/wallet/adjust/reject': { adjustmentId, reason: '无依据' },
        '/api/admin/report': { groupBy: 'day', from: '2026-01-01', to: '2026-01-31' },
        '/api/admin/agent/rate': { memberId: member.memberId, rate: 10 },
        '/api/admin/agent/commission': { month: '2026-01' },
      };
      const byRole = new Map<OperatorRole, SignedIn>();
      for (const role of OPERATOR_ROLES) byRole.set(role, await signInOperator(s, [role]));
      const before = await everything();

      const failures: string[] = [];
      const expectRefused = async (url: string, headers: Record<string, string>, status: number, code: number, who: string) => {
        const res = await s.call(url, bodies[url] ?? {}, { headers });
        if (res.status !== status || res.code !== code) failures.push(`${url} ${who}: ${res.status} ${res.code}`);
      };
      for (const { url, permission } of routes) {
        await expectRefused(url, {}, 401, Errors.OPERATOR_AUTH.code, 'without a token');
        await expectRefused(url, { authorization: `Bearer ${member.token}` }, 401, Errors.OPERATOR_AUTH.code, 'with a member token');
        // Every role holds `session` (sign-out, who am I): there is no role to refuse.
        const lacking = OPERATOR_ROLES.filter((role) => !ROLE_PERMISSIONS[role].includes(permission!));
        if (permission !== 'session') expect(lacking.length, url).toBeGreaterThan(0);
        for (const role of lacking) await expectRefused(url, byRole.get(role)!.headers, 403, Errors.OPERATOR_FORBIDDEN.code, `as ${role}`);
      }
      expect(failures).toEqual([]);
      expect(await everything()).toEqual(before);

      // The allowed role gets through (the bodies were good): finance pays the withdrawal out.
      const paid = await s.call('/api/admin/wallet/withdraw/approve', bodies['/api/admin/wallet/withdraw/approve'], {
        headers: byRole.get('finance')!.headers,
      });
      expect(paid.data).toMatchObject({ orderId: withdrawal.orderId, status: 'paid', amount: 100 });
    },
  );

  it('[admin] an operator of one site cannot see or decide another site’s orders', async () => {
    const withdrawal = await pendingWithdrawal(s);
    const usdtOnly = await signInOperator(s, ['finance'], [2]);
    const list = await s.call('/api/admin/wallet/withdraw/list', { page: 1, size: 50 }, { headers: usdtOnly.headers });
    expect(list.data.list.map((o: { siteId: number }) => o.siteId).every((site: number) => site === 2)).toBe(true);
    for (const url of ['/api/admin/wallet/withdraw/approve', '/api/admin/wallet/withdraw/risk']) {
      const res = await s.call(url, { orderId: withdrawal.orderId }, { headers: usdtOnly.headers });
      expect([res.status, res.code], url).toEqual([403, Errors.OPERATOR_SITE_FORBIDDEN.code]);
    }
    const sent = await s.call(
      '/api/admin/message/send',
      { siteId: 1, title: '通知', content: '内容' },
      { headers: (await signInOperator(s, ['content'], [2])).headers },
    );
    expect(sent.code).toBe(Errors.OPERATOR_SITE_FORBIDDEN.code);
    const [order] = await s.deps.database.query<{ status: string }>(`SELECT status FROM wallet_withdraw_orders WHERE order_id = ${withdrawal.orderId}`);
    expect(order.status).toBe('pending');
  });
});

describe('members and the dashboard', () => {
  it('[admin] finds a member, shows their page, and each lever (tags, VIP, block, note, password reset) works and is audited', async () => {
    const admin = await superAdmin(s);
    const as = (url: string, body: object) => s.call(url, body, { headers: admin.headers });
    const { member } = await pendingWithdrawal(s);
    const found = await as('/api/admin/member/search', { keyword: member.name.slice(0, 6) });
    expect(found.data.list.map((m: { memberId: number }) => m.memberId)).toContain(member.memberId);
    expect((await as('/api/admin/member/search', { keyword: String(member.memberId) })).data.list[0].memberId).toBe(member.memberId);

    expect((await as('/api/admin/member/tags', { memberId: member.memberId, tags: ['activity_blacklist', 'no_level_bonus'] })).code).toBe(0);
    expect((await as('/api/admin/member/tags', { memberId: member.memberId, tags: ['vip_forever'] })).code).toBe(Errors.VALIDATION.code);
    expect((await as('/api/admin/member/vip', { memberId: member.memberId, vipLevel: 3, reason: '活动补偿' })).code).toBe(0);
    expect((await as('/api/admin/member/note', { memberId: member.memberId, content: '多次申请提款，注意核实' })).code).toBe(0);
    const page = (await as('/api/admin/member/detail', { memberId: member.memberId })).data;
    expect(page).toMatchObject({
      memberId: member.memberId,
      tags: ['activity_blacklist', 'no_level_bonus'],
      vipLevel: 3,
      currency: 'CNY',
      balances: { main: 200, hold: 100 },
      notes: [{ operatorName: admin.name, content: '多次申请提款，注意核实' }],
    });
    expect(page.ledger.map((l: { kind: string; amount: number }) => [l.kind, l.amount])).toEqual([
      ['withdraw.hold', -100],
      ['deposit.credit', 300],
    ]);
    expect(page.logins.length).toBeGreaterThan(0);

    // The member's activity bonuses are barred at once by the tag.
    expect((await s.call('/api/activity/sign/draw', {}, { token: member.token, key: 'k-tagged-blacklist' })).code).toBe(Errors.ACTIVE_BLACKLIST.code);
    const reset = await as('/api/admin/member/password/reset', { memberId: member.memberId });
    expect(reset.data.temporaryPassword).toMatch(/^\w{10}$/);
    expect((await s.call('/api/wallet/balance', {}, { token: member.token })).status).toBe(401);
    const login = await s.call('/api/member/login/v3', { name: member.name, password: reset.data.temporaryPassword });
    expect(login.code, login.msg).toBe(0);
    expect((await as('/api/admin/member/block', { memberId: member.memberId, blocked: true, reason: '套利' })).code).toBe(0);
    expect((await s.call('/api/wallet/balance', {}, { token: login.data.token })).status).toBe(401);

    const logged = await as('/api/admin/audit/list', { target: `member:${member.memberId}`, size: 20 });
    expect(logged.data.list.map((e: { action: string }) => e.action).reverse()).toEqual([
      'member.tags',
      'member.vip',
      'member.note',
      'member.password.reset',
      'member.block',
    ]);
    expect(JSON.stringify(logged.data.list)).not.toContain(reset.data.temporaryPassword);
  });

  it('[admin] the dashboard counts today’s deposits, withdrawals, new members and GGR of the site, in its currency', async () => {
    const admin = await superAdmin(s);
    const before = (await s.call('/api/admin/dashboard', { siteId: 1, days: 3 }, { headers: admin.headers })).data;
    const { orderId } = await pendingWithdrawal(s, 100, 300);
    expect((await s.call('/api/admin/wallet/withdraw/approve', { orderId }, { headers: admin.headers })).code).toBe(0);
    const after = (await s.call('/api/admin/dashboard', { siteId: 1, days: 3 }, { headers: admin.headers })).data;
    expect(after.currency).toBe('CNY');
    expect(after.days).toHaveLength(3);
    const [was, now] = [before.days.at(-1), after.days.at(-1)];
    expect(now.day).toBe(was.day);
    expect(now.deposits - was.deposits).toBe(300);
    expect(now.withdrawals - was.withdrawals).toBe(100);
    expect(now.newMembers - was.newMembers).toBe(1);
    expect(now.ggr - now.ngr).toBe(now.bonuses);
  });
});

describe('operators signing in', () => {
  it('[admin] needs the password and a fresh TOTP code, refuses any wrong part alike, takes a code once, locks after 5 failures', async () => {
    // At the start of a 30 s step, so the steps the codes below are of are not crossed while it runs.
    clock.shift(30_000 - (clock.now() % 30_000));
    const op = await signInOperator(s, ['finance']);
    const login = (body: object) => s.call('/api/admin/auth/login', { name: op.name, password: op.password, ...body });
    // The code of the first sign-in is spent; the next step's is good once.
    expect((await login({ totp: totpNow(op.otpauthUri) })).code).toBe(Errors.OPERATOR_LOGIN_FAILED.code);
    const next = totpNow(op.otpauthUri, 1);
    const again = await login({ totp: next });
    expect(again.data).toMatchObject({ operatorId: op.operatorId, roles: ['finance'], token: expect.any(String) });
    expect((await login({ totp: next })).code).toBe(Errors.OPERATOR_LOGIN_FAILED.code);
    expect((await login({ password: 'wrong-password-1', totp: totpNow(op.otpauthUri, -1) })).code).toBe(Errors.OPERATOR_LOGIN_FAILED.code);
    expect((await s.call('/api/admin/auth/login', { name: 'nobody_here', password: op.password, totp: '123456' })).code).toBe(
      Errors.OPERATOR_LOGIN_FAILED.code,
    );
    expect((await login({ totp: '12345' })).code).toBe(Errors.VALIDATION.code);
    // Five failures in a row (two since the good sign-in reset the count): the fifth locks, and then even a good code is refused.
    for (const code of ['000000', '000001']) expect((await login({ totp: code })).code).toBe(Errors.OPERATOR_LOGIN_FAILED.code);
    expect((await login({ totp: '000002' })).code).toBe(Errors.OPERATOR_LOCKED.code);
    clock.shift(60_000);
    expect((await login({ totp: totpNow(op.otpauthUri) })).code).toBe(Errors.OPERATOR_LOCKED.code);
    clock.shift(15 * 60_000);
    expect((await login({ totp: totpNow(op.otpauthUri) })).code).toBe(0);
  });

  it('[admin] a session ends on logout and after the idle timeout; a disabled operator’s session stops at once', async () => {
    const op = await signInOperator(s, ['cs']);
    const me = () => s.call('/api/admin/auth/me', {}, { headers: op.headers });
    expect((await me()).data).toMatchObject({ operatorId: op.operatorId, roles: ['cs'], permissions: ROLE_PERMISSIONS.cs, idleMinutes: 30 });
    clock.shift(29 * 60_000);
    expect((await me()).code).toBe(0);
    clock.shift(29 * 60_000);
    expect((await me()).code).toBe(0);
    clock.shift(31 * 60_000);
    const idle = await me();
    expect([idle.status, idle.code]).toEqual([401, Errors.OPERATOR_IDLE.code]);
    const ended = await me();
    expect([ended.status, ended.code]).toEqual([401, Errors.OPERATOR_AUTH.code]);

    const second = await signInOperator(s, ['cs']);
    expect((await s.call('/api/admin/auth/logout', {}, { headers: second.headers })).code).toBe(0);
    expect((await s.call('/api/admin/auth/me', {}, { headers: second.headers })).status).toBe(401);

    const third = await signInOperator(s, ['cs']);
    const admin = await superAdmin(s);
    expect((await s.call('/api/admin/operator/update', { operatorId: third.operatorId, status: 'disabled' }, { headers: admin.headers })).code).toBe(0);
    expect((await s.call('/api/admin/auth/me', {}, { headers: third.headers })).status).toBe(401);
  });

  it('[admin] the last active super admin cannot be demoted or disabled', async () => {
    const admin = await superAdmin(s);
    const supers = await s.deps.database.query<{ operator_id: number }>(
      `SELECT operator_id FROM admin_operators WHERE 'super' = ANY(roles) AND status = 'active'`,
    );
    const others = supers.map((r) => Number(r.operator_id)).filter((id) => id !== admin.operatorId);
    for (const id of others) await s.call('/api/admin/operator/update', { operatorId: id, status: 'disabled' }, { headers: admin.headers });
    const demote = await s.call('/api/admin/operator/update', { operatorId: admin.operatorId, roles: ['cs'] }, { headers: admin.headers });
    expect(demote.code).toBe(Errors.OPERATOR_LAST_SUPER.code);
    expect((await s.call('/api/admin/auth/me', {}, { headers: admin.headers })).data.roles).toEqual(['super']);
  });
});

describe('the audit log', () => {
  it('[admin] records each action with who, where, before and after, chained by hash; searchable by operator, action and target', async () => {
    const admin = await superAdmin(s);
    const withdrawal = await pendingWithdrawal(s);
    const rejected = await s.call('/api/admin/wallet/withdraw/reject', { orderId: withdrawal.orderId, reason: '流水异常' }, { headers: admin.headers });
    expect(rejected.data).toMatchObject({ status: 'rejected' });
    const found = await s.call(
      '/api/admin/audit/list',
      { page: 1, size: 10, action: 'withdraw.reject', target: `withdraw:${withdrawal.orderId}` },
      { headers: admin.headers },
    );
    expect(found.data.total).toBe(1);
    const [entry] = found.data.list;
    expect(entry).toMatchObject({
      operatorId: admin.operatorId,
      operatorName: admin.name,
      action: 'withdraw.reject',
      target: `withdraw:${withdrawal.orderId}`,
      before: { orderId: withdrawal.orderId, status: 'pending', amount: 100 },
      after: { orderId: withdrawal.orderId, status: 'rejected' },
      ip: '127.0.0.1',
      at: expect.any(Number),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const previous = await s.call('/api/admin/audit/list', { page: 1, size: 1, operatorId: admin.operatorId, to: entry.at }, { headers: admin.headers });
    expect(previous.data.list[0].id).toBe(entry.id);
    const [prior] = await s.deps.database.query<{ hash: string }>(`SELECT hash FROM admin_audit WHERE id = ${entry.id - 1}`);
    expect(entry.prevHash).toBe(prior.hash);
    expect((await s.call('/api/admin/audit/verify', {}, { headers: admin.headers })).data).toMatchObject({ ok: true, brokenAt: null });
  });

  it('[admin] npm run audit:verify passes on the chain and names a tampered entry; operator:create prints an otpauth URI', { timeout: 240_000 }, async () => {
    const pglite = !process.env.DATABASE_URL;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-verify-'));
    let own: TestServer = await startTestServer(pglite ? { dataDir } : {});
    const env: Record<string, string> = pglite ? { DATA_DIR: dataDir } : postgresEnv(own);
    try {
      const admin = await signInOperator(own);
      const sent = await own.call('/api/admin/message/send', { siteId: 1, title: '通知', content: '原文' }, { headers: admin.headers });
      expect(sent.code).toBe(0);
      // One process owns a PGlite folder: the server closes while the scripts use it.
      if (pglite) await own.close();
      const created = await runScript('operator-create', ['--name', 'first_admin', '--password', 'first12345', '--role', 'super'], env);
      expect(created.code, created.err).toBe(0);
      expect(created.out).toMatch(/^otpauth:\/\/totp\/.+first_admin\?.*secret=[A-Z2-7]+/m);
      const sound = await runScript('audit-verify', [], env);
      expect(sound.code, sound.out).toBe(0);
      expect(sound.out).toMatch(/OK: 3 audit entries/);

      if (pglite) own = await startTestServer({ dataDir });
      const [entry] = await own.deps.database.query<{ id: number }>(`SELECT id FROM admin_audit WHERE action = 'message.send'`);
      await own.deps.db.execute(sql`UPDATE admin_audit SET after = replace(after, '原文', '改过') WHERE id = ${entry.id}`);
      if (pglite) await own.close();
      const tampered = await runScript('audit-verify', [], env);
      expect(tampered.code).toBe(1);
      expect(tampered.out).toContain(`BROKEN at entry ${entry.id}: its content does not match its hash`);
    } finally {
      await own.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
