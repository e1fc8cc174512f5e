import type { FastifyInstance, FastifyRequest } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { DAY_MS, shanghaiDay, shanghaiMidnight } from '@bp/contract';
import {
  blockDevice,
  blockIp,
  blockMember,
  dailyMembers,
  getMember,
  memberProfile,
  resetMemberPassword,
  searchMembers,
  setMemberTags,
  setVipLevels,
  unblockDevice,
  unblockIp,
  unblockMember,
} from '../auth/index.ts';
import { dailyMoney, memberMoney } from '../wallet/index.ts';
import { listSites } from '../site/index.ts';
import { defineRoute, fail } from '../../platform/http/index.ts';
import { clock } from '../../platform/clock.ts';
import type { Deps } from '../../platform/deps.ts';
import { audited, operatorRoute } from './audited.ts';
import { operatorOf, requireSite } from './sessions.ts';
import { memberNotes, operators } from './tables.ts';

/** The dashboard and the members: search, a member's page, and the levers on an account (each audited). */
export function memberRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const manage = operatorRoute('member.manage');

  /** The member, when the operator may act on their site. */
  async function memberFor(req: FastifyRequest, memberId: number) {
    const member = (await getMember(db, memberId)) ?? fail('MEMBER_NOT_FOUND');
    requireSite(operatorOf(req), member.siteId);
    return member;
  }

  defineRoute(
    app,
    { url: '/api/admin/dashboard', summary: 'A site’s figures per day: money, bets, GGR/NGR, new and active members', ...operatorRoute('dashboard.read') },
    async (req) => {
      requireSite(operatorOf(req), req.body.siteId);
      const site = (await listSites(db)).byId.get(req.body.siteId) ?? fail('SITE_NOT_FOUND');
      const to = shanghaiMidnight(clock.now()) + DAY_MS;
      const from = to - req.body.days * DAY_MS;
      const [money, people] = await Promise.all([
        dailyMoney(db, site.siteId, new Date(from), new Date(to)),
        dailyMembers(db, site.siteId, new Date(from), new Date(to)),
      ]);
      const none = { deposits: 0, withdrawals: 0, bets: 0, stakes: 0, payouts: 0, bonuses: 0, ggr: 0, ngr: 0 };
      const days = Array.from({ length: req.body.days }, (_, i) => {
        const day = shanghaiDay(from + i * DAY_MS);
        return { day, ...(money.get(day) ?? none), ...(people.get(day) ?? { newMembers: 0, activeMembers: 0 }) };
      });
      return { currency: site.currency, days };
    },
  );

  defineRoute(
    app,
    { url: '/api/admin/member/search', summary: 'Finds members by id, name, phone, e-mail or real name', ...operatorRoute('member.read') },
    (req) => searchMembers(db, { ...req.body, siteIds: operatorOf(req).siteIds }),
  );
  defineRoute(
    app,
    { url: '/api/admin/member/detail', summary: 'A member’s page: profile, wallet and ledger, sign-ins and devices, notes', ...operatorRoute('member.read') },
    async (req) => {
      const member = await memberFor(req, req.body.memberId);
      const notes = await db
        .select({ noteId: memberNotes.noteId, operatorName: operators.name, content: memberNotes.content, at: memberNotes.createdAt })
        .from(memberNotes)
        .innerJoin(operators, eq(operators.operatorId, memberNotes.operatorId))
        .where(eq(memberNotes.memberId, member.memberId))
        .orderBy(desc(memberNotes.noteId))
        .limit(50);
      const site = (await listSites(db)).byId.get(member.siteId);
      return {
        ...(await memberProfile(db, member.memberId)),
        ...(await memberMoney(db, member.memberId)),
        currency: site?.currency ?? 'CNY',
        notes: notes.map((n) => ({ ...n, at: n.at.getTime() })),
      };
    },
  );

  defineRoute(app, { url: '/api/admin/member/block', summary: 'Blocks an account (its sessions end) or lifts the block', ...manage }, async (req) => {
    const { memberId, blocked, reason } = req.body;
    const member = await memberFor(req, memberId);
    const spec = {
      action: 'member.block',
      target: `member:${memberId}`,
      before: { status: member.status },
      after: () => ({ status: blocked ? '2' : '1', reason }),
    };
    return audited(deps, req, spec, async (t) => {
      await (blocked ? blockMember(t.db, t.bus, memberId) : unblockMember(t.db, memberId));
      return null;
    });
  });
  defineRoute(app, { url: '/api/admin/member/blockIp', summary: 'Blocks an IP on a site, or lifts the block', ...manage }, (req) => {
    const { siteId, ip, blocked, reason } = req.body;
    requireSite(operatorOf(req), siteId);
    const spec = { action: 'member.blockIp', target: `ip:${siteId}:${ip}`, before: { blocked: !blocked }, after: () => ({ blocked, reason }) };
    return audited(deps, req, spec, async (t) => {
      await (blocked ? blockIp(t.db, siteId, ip, reason) : unblockIp(t.db, siteId, ip));
      return null;
    });
  });
  defineRoute(app, { url: '/api/admin/member/blockDevice', summary: 'Blocks a device on a site, or lifts the block', ...manage }, (req) => {
    const { siteId, device, blocked, reason } = req.body;
    requireSite(operatorOf(req), siteId);
    const spec = { action: 'member.blockDevice', target: `device:${siteId}:${device}`, before: { blocked: !blocked }, after: () => ({ blocked, reason }) };
    return audited(deps, req, spec, async (t) => {
      await (blocked ? blockDevice(t.db, siteId, device, reason) : unblockDevice(t.db, siteId, device));
      return null;
    });
  });
  defineRoute(app, { url: '/api/admin/member/tags', summary: 'Sets a member’s tags (activity blacklist, no level bonus)', ...manage }, async (req) => {
    const member = await memberFor(req, req.body.memberId);
    return audited(
      deps,
      req,
      { action: 'member.tags', target: `member:${member.memberId}`, before: { tags: member.tags }, after: () => ({ tags: req.body.tags }) },
      async (t) => {
        await setMemberTags(t.db, member.memberId, req.body.tags);
        return null;
      },
    );
  });
  defineRoute(app, { url: '/api/admin/member/vip', summary: 'Sets a member’s VIP level by hand, with a reason', ...manage }, async (req) => {
    const { vipLevel, reason } = req.body;
    const member = await memberFor(req, req.body.memberId);
    const spec = { action: 'member.vip', target: `member:${member.memberId}`, before: { vipLevel: member.vipLevel }, after: () => ({ vipLevel, reason }) };
    return audited(deps, req, spec, async (t) => {
      await setVipLevels(t.db, [{ memberId: member.memberId, vipLevel }]);
      return null;
    });
  });
  defineRoute(app, { url: '/api/admin/member/note', summary: 'Adds an operator’s note to a member', ...manage }, async (req) => {
    const member = await memberFor(req, req.body.memberId);
    const operatorId = operatorOf(req).operatorId;
    return audited(
      deps,
      req,
      { action: 'member.note', target: `member:${member.memberId}`, before: null, after: () => ({ content: req.body.content }) },
      async (t) => {
        await t.db.insert(memberNotes).values({ memberId: member.memberId, operatorId, content: req.body.content });
        return null;
      },
    );
  });
  defineRoute(
    app,
    { url: '/api/admin/member/password/reset', summary: 'Gives a member a one-time password to change at the next login; their sessions end', ...manage },
    async (req) => {
      const member = await memberFor(req, req.body.memberId);
      // The one-time password itself is never written to the log.
      return audited(
        deps,
        req,
        { action: 'member.password.reset', target: `member:${member.memberId}`, before: null, after: () => ({ mustChangePassword: true }) },
        (t) => resetMemberPassword(t.db, t.bus, member.memberId),
      );
    },
  );
}
