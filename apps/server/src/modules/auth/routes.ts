import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { Errors, LOGIN_HASHED_PATH, LOGIN_PATH, LOGIN_V5_PATH, NAME_PATTERN } from '@bp/contract';
import { defineRoute, fail } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { members } from './tables.ts';
import { getMember, insertMember, isNameFree, normalizeName, prepareMember } from './accounts.ts';
import { announceEnd, deviceOf, endSession } from './sessions.ts';
import { logIn, startSession } from './login.ts';
import { authSettings } from './settings.ts';
import { checkCaptcha } from './captcha.ts';
import { memberChanged } from '../../platform/cache.ts';

/** Registration, the three login paths, logout and its preference, name checks. */
export function authRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  defineRoute(app, { url: '/api/member/register/v4', summary: 'Register a member and log in', rateLimit: 'register' }, async (req) => {
    const settings = await authSettings(db, req.site.siteId);
    const prepared = await prepareMember(db, req.site.siteId, req.body);
    if (settings.registerPhoneNumber && !prepared.phone) fail('PHONE_REQUIRED');
    // The captcha is spent last, so a typo in another field does not cost the member a new picture.
    if (settings.fastRegisterVerify) await checkCaptcha(app.challenges, req.site.siteId, req.body);
    const member = await insertMember(db, req.site.siteId, prepared, req.ip);
    return startSession(deps, member, deviceOf(req), req.ip);
  });

  for (const url of [LOGIN_PATH, LOGIN_V5_PATH, LOGIN_HASHED_PATH] as const) {
    defineRoute(
      app,
      {
        url,
        summary: 'Log in with name and password (plain, or its 32-character digest); with oldPassword, change it on the way in',
        tags: ['member'],
        rateLimit: 'read',
      },
      async (req) => logIn(deps, req, req.body),
    );
  }

  defineRoute(app, { url: '/api/member/logout', summary: 'End this session', auth: 'member', exempt: true }, async (req) => {
    await endSession(db, req.member.sessionId, 'logout');
    await announceEnd(deps.bus, req.member.memberId, 'logout', [req.member.sessionId]);
    return null;
  });

  defineRoute(
    app,
    {
      url: '/api/member/logoutSetup',
      summary: 'Read or set the logout preference: end the session after idle minutes',
      auth: 'member',
      rateLimit: 'read',
    },
    async (req) => {
      const memberId = req.member.memberId;
      if (req.body.idleMinutes !== undefined) {
        await db.update(members).set({ idleLogoutMinutes: req.body.idleMinutes }).where(eq(members.memberId, memberId));
        memberChanged(memberId);
      }
      const m = await getMember(db, memberId);
      return { idleMinutes: m?.idleLogoutMinutes ?? 0 };
    },
  );

  defineRoute(app, { url: '/api/member/checkName', summary: 'Whether a name is valid and free', rateLimit: 'read' }, async (req) => {
    if (!NAME_PATTERN.test(req.body.name.trim())) fail('NAME_INVALID');
    return { available: await isNameFree(db, req.site.siteId, req.body.name) };
  });

  defineRoute(app, { url: '/api/member/checkName/v2', summary: 'Whether a name can be had, and why not', rateLimit: 'read' }, async (req) => {
    const name = normalizeName(req.body.name);
    if (!NAME_PATTERN.test(name)) return { available: false, reason: 'invalid' as const, msg: Errors.NAME_INVALID.msg };
    if (!(await isNameFree(db, req.site.siteId, name))) return { available: false, reason: 'taken' as const, msg: Errors.NAME_TAKEN.msg };
    return { available: true, reason: null, msg: '该用户名可以使用' };
  });
}
