import type { FastifyInstance } from 'fastify';
import { fromMinor } from '@bp/contract';
import { defineRoute, type MemberRequest } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { announceBalance, walletOwner } from '../wallet/index.ts';
import { gradeOf, ruleView, siteGrades } from './grades.ts';
import { refreshStanding } from './standing.ts';
import { mayReceive, memberBonuses, receiveBonus, receiveRebates, statusOf } from './bonuses.ts';
import { rebateView, welfareView } from './welfare.ts';
import { wageringView } from './wagering.ts';
import { exchangePoints, pointRecords, pointsInfo } from './points.ts';
import { birthdayBonus } from './birthday.ts';

const ownerOf = (req: MemberRequest) => walletOwner(req.site, req.member.memberId);

export function vipRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const read = { auth: 'member', rateLimit: 'read' } as const;
  const money = { auth: 'member', rateLimit: 'money' } as const;

  defineRoute(app, { url: '/api/member/vip/info', summary: "The member's VIP level and progress to the next", ...read }, async (req) => {
    const s = await refreshStanding(db, ownerOf(req));
    const next = gradeOf(s.grades, s.vipLevel + 1);
    return {
      vipLevel: s.vipLevel,
      grade: gradeOf(s.grades, s.vipLevel)?.grade ?? '',
      deposit: fromMinor(s.depositMinor),
      turnover: fromMinor(s.turnoverMinor),
      next: next ? { vipLevel: next.vipLevel, deposit: fromMinor(next.depositMinor), turnover: fromMinor(next.turnoverMinor) } : null,
    };
  });
  defineRoute(app, { url: '/api/member/vip/rules', summary: "The site's VIP grades and what each pays", ...read }, async (req) => ({
    list: (await siteGrades(db, req.site.siteId)).map(ruleView),
  }));
  defineRoute(app, { url: '/api/member/fanshui/info', summary: 'Rebates by day and category, and what waits to be received', ...read }, async (req) => {
    const rebates = await memberBonuses(db, req.member.memberId, 'rebate');
    const pending = rebates.filter((b) => statusOf(b) === 'pending').reduce((sum, b) => sum + BigInt(b.amount_minor), 0n);
    return { pending: fromMinor(pending), list: rebates.map(rebateView) };
  });
  defineRoute(app, { url: '/api/member/fanshui/receive', summary: 'Receives every rebate waiting into the main wallet', ...money }, async (req) => {
    const owner = ownerOf(req);
    const result = await receiveRebates(db, owner, req.idempotencyKey);
    await announceBalance(deps, owner, 'bonus');
    return result;
  });
  defineRoute(app, { url: '/api/member/welfare/list', summary: 'Everything the member may claim now', ...read }, async (req) => {
    await birthdayBonus(db, ownerOf(req)); // refreshes the standing too
    const all = await memberBonuses(db, req.member.memberId);
    const open = all.filter((b) => statusOf(b) === 'pending' && mayReceive(req.member.tags, b.source));
    return { list: open.map(welfareView) };
  });
  defineRoute(app, { url: '/api/member/welfare/wagering', summary: 'Bonuses received and their turnover progress', ...read }, async (req) =>
    wageringView(db, req.member.memberId),
  );
  defineRoute(app, { url: '/api/member/points/info', summary: "The member's points, how they are earned, and the exchange", ...read }, async (req) =>
    pointsInfo(db, ownerOf(req)),
  );
  defineRoute(app, { url: '/api/member/points/records', summary: 'Every change of the member points, newest first', ...read }, async (req) =>
    pointRecords(db, req.member.memberId, req.body.page, req.body.size),
  );
  defineRoute(app, { url: '/api/member/points/exchange', summary: 'Exchanges points for bonus money or gold coins', ...money }, async (req) => {
    const owner = ownerOf(req);
    const result = await exchangePoints(db, owner, req.idempotencyKey, req.body.itemId);
    await announceBalance(deps, owner, 'bonus');
    return result;
  });
  defineRoute(app, { url: '/api/member/vip/birthday', summary: "The birthday bonus: this year's, and what each level pays", ...read }, async (req) =>
    birthdayBonus(db, ownerOf(req)),
  );
  defineRoute(app, { url: '/api/member/welfare/receive', summary: 'Receives one bonus into the main wallet', ...money }, async (req) => {
    const owner = ownerOf(req);
    const result = await receiveBonus(db, owner, req.member.tags, req.idempotencyKey, req.body.welfareId);
    await announceBalance(deps, owner, 'bonus');
    return result;
  });
}
