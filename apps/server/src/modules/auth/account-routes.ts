import type { FastifyInstance } from 'fastify';
import { FORGET_CHANNELS, forgetPath } from '@bp/contract';
import { defineRoute, fail } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { getMember } from './accounts.ts';
import { bindContact, sendCode } from './bind-contact.ts';
import { forgetStep1, forgetStep2, forgetStep3 } from './recovery.ts';
import { changePassword } from './password-change.ts';
import { reactivate, sleepState } from './dormancy.ts';
import { startSession } from './login.ts';
import { deviceOf } from './sessions.ts';

/** Codes, contact binding, forgotten and changed passwords, dormant members. */
export function accountRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;

  defineRoute(
    app,
    {
      url: '/api/member/sendCode',
      summary: 'Send an SMS or email code (sandbox: answered in sandboxCode)',
      auth: 'optional',
      rateLimit: 'send',
    },
    async (req) => sendCode(db, req, req.body),
  );

  defineRoute(
    app,
    {
      url: '/api/member/bindPhone',
      summary: 'Bind a phone with the code sent to it (scene bind)',
      auth: 'member',
      rateLimit: 'read',
    },
    async (req) => bindContact(db, req.member.memberId, 'sms', req.body),
  );

  defineRoute(
    app,
    {
      url: '/api/member/bindEmail',
      summary: 'Bind an email with the code sent to it (scene bind)',
      auth: 'member',
      rateLimit: 'read',
    },
    async (req) => bindContact(db, req.member.memberId, 'email', req.body),
  );

  for (const channel of FORGET_CHANNELS) {
    defineRoute(
      app,
      {
        url: forgetPath(channel, 1),
        summary: `Forgotten password by ${channel}, step 1: name and bound ${channel} -> reset ticket, code sent`,
        tags: ['member'],
        rateLimit: 'send',
      },
      async (req) => forgetStep1(deps, req, channel, req.body),
    );
    defineRoute(
      app,
      {
        url: forgetPath(channel, 2),
        summary: `Forgotten password by ${channel}, step 2: the code -> verified ticket`,
        tags: ['member'],
        rateLimit: 'read',
      },
      async (req) => forgetStep2(deps, req, channel, req.body),
    );
    defineRoute(
      app,
      {
        url: forgetPath(channel, 3),
        summary: `Forgotten password by ${channel}, step 3: the new password; every session ends`,
        tags: ['member'],
        rateLimit: 'read',
      },
      async (req) => forgetStep3(deps, req, channel, req.body),
    );
  }

  defineRoute(
    app,
    {
      url: '/api/member/changePassword',
      summary: 'Change the password (security verification); every session ends, this device gets a fresh one',
      auth: 'member',
      rateLimit: 'read',
    },
    async (req) => changePassword(deps, req, req.body),
  );

  defineRoute(
    app,
    {
      url: '/api/member/checkChangePassword',
      summary: 'Whether the member must change the password',
      auth: 'member',
      rateLimit: 'read',
    },
    async (req) => {
      const member = await getMember(db, req.member.memberId);
      if (!member) return fail('AUTH_INVALID', { httpStatus: 401 });
      return { mustChange: member.mustChangePassword };
    },
  );

  defineRoute(
    app,
    {
      url: '/api/member/isMemberSleep',
      summary: 'Whether a member is dormant (no login for member_sleep_days)',
      rateLimit: 'read',
    },
    async (req) => sleepState(db, req.site.siteId, req.body.name),
  );

  defineRoute(
    app,
    {
      url: '/api/member/activeMemberSleep',
      summary: 'Wake a dormant member (password and a code or the image captcha) and log in',
      rateLimit: 'read',
    },
    async (req) => reactivate(deps, req, req.body, (member) => startSession(deps, member, deviceOf(req), req.ip)),
  );
}
