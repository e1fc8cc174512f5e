import type { FastifyInstance } from 'fastify';
import { EmptyBody, MemberInfo } from '@bp/contract';
import { defineRoute, fail } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { getMember } from '../auth/index.ts';
import { gradeName } from './grades.ts';

export function memberRoutes(app: FastifyInstance, { db }: Deps): void {
  defineRoute(
    app,
    { url: '/api/member/info', summary: "The logged-in member's profile", body: EmptyBody, auth: 'member', rateLimit: 'read', data: MemberInfo },
    async (req) => {
      const m = await getMember(db, req.member!.memberId);
      if (!m) return fail('AUTH_INVALID', { httpStatus: 401 });
      return {
        memberId: m.memberId,
        name: m.name,
        nickname: m.nickname,
        avatar: m.avatar,
        vipLevel: m.vipLevel,
        grade: gradeName(m.vipLevel),
        currency: req.site.currency,
        siteId: m.siteId,
        phone: m.phone,
        email: m.email,
        realName: m.realName,
        birthday: m.birthday,
        address: m.address,
        createdAt: m.createdAt.getTime(),
        lastLoginAt: m.lastLoginAt?.getTime() ?? null,
      };
    },
  );
}
