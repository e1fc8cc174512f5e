import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EmptyBody, LoginBody, RegisterBody, SessionData } from '@bp/contract';
import { defineRoute, fail } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { createMember, findMember, isNameFree, checkName, recordLogin, recordLoginFailure } from './accounts.ts';
import { endSession, openSession } from './sessions.ts';
import { verifyPassword } from './passwords.ts';

const device = (req: FastifyRequest) => ({ uuid: req.headers['x-uuid'] as string | undefined, ip: req.ip });

export function authRoutes(app: FastifyInstance, { db, bus }: Deps): void {
  defineRoute(
    app,
    { url: '/api/member/register/v4', summary: 'Register a member and log in', body: RegisterBody, rateLimit: 'register', data: SessionData },
    async (req) => {
      const member = await createMember(db, req.site.siteId, req.body, req.ip);
      const session = await openSession(db, bus, member, device(req));
      return { token: session.token, memberId: member.memberId, expireAt: session.expireAt };
    },
  );

  defineRoute(
    app,
    { url: '/api/member/login/v3', summary: 'Log in with name and password (plain, or its 32-character digest)', body: LoginBody, rateLimit: 'read', data: SessionData },
    async (req) => {
      const member = await findMember(db, req.site.siteId, req.body.name);
      if (!member) fail('LOGIN_FAILED');
      if (member!.status === '2') fail('ACCOUNT_BLOCKED');
      if (!(await verifyPassword(member!.passwordHash, member!.name, req.body.password))) {
        await recordLoginFailure(db, member!.memberId);
        fail('LOGIN_FAILED');
      }
      await recordLogin(db, member!.memberId, req.ip);
      const session = await openSession(db, bus, member!, device(req));
      return { token: session.token, memberId: member!.memberId, expireAt: session.expireAt };
    },
  );

  defineRoute(
    app,
    { url: '/api/member/logout', summary: 'End this session', body: EmptyBody, auth: 'member', exempt: true, data: z.null() },
    async (req) => {
      await endSession(db, req.member!.sessionId, 'logout');
      return null;
    },
  );

  defineRoute(
    app,
    { url: '/api/member/checkName', summary: 'Whether a name is valid and free', body: z.object({ name: z.string().max(32) }), rateLimit: 'read', data: z.object({ available: z.boolean() }) },
    async (req) => {
      checkName(req.body.name.trim());
      return { available: await isNameFree(db, req.site.siteId, req.body.name) };
    },
  );
}
