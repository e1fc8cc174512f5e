import type { FastifyInstance } from 'fastify';
import { CAPTCHA_IMAGE_PATH, CaptchaImageQuery, RQIAB_HEADER, SLIDER_MIN_DRAG_MS, SLIDER_TOLERANCE_PX, VERIFY_TICKET_TTL_MS } from '@bp/contract';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { drawCaptcha } from './captcha.ts';
import { checkChallenge, drawChallenge, grantHumanPass, registerChallenge } from './verification.ts';
import { authSettings } from './settings.ts';

/** The login image captcha, security verification (captchaEx and its geeTest aliases), the robot check, vvm. */
export function verifyRoutes(app: FastifyInstance, { db }: Deps): void {
  app.route({
    method: 'GET',
    url: CAPTCHA_IMAGE_PATH,
    config: { rateLimit: 'read' },
    schema: { summary: 'The login image captcha for a client uuid (SVG)', tags: ['captcha'], querystring: CaptchaImageQuery },
    handler: async (req, reply) => {
      const { uuid } = req.query as { uuid: string };
      const svg = await drawCaptcha(app.challenges, req.site.siteId, uuid);
      return reply.header('cache-control', 'no-store').type('image/svg+xml; charset=utf-8').send(svg);
    },
  });

  for (const url of ['/api/captchaEx/register', '/api/geeTest/register'] as const) {
    defineRoute(
      app,
      {
        url,
        summary: 'Reserve a captchaId for a verification scene',
        tags: ['captcha'],
        rateLimit: 'read',
      },
      async (req) => registerChallenge(app.challenges, req.site.siteId, req.body.scene, req.body.verifyType),
    );
  }

  defineRoute(
    app,
    {
      url: '/api/captchaEx/get',
      summary: 'A verification challenge: slider puzzle or code picture',
      tags: ['captcha'],
      rateLimit: 'read',
    },
    async (req) => drawChallenge(app.challenges, req.site.siteId, req.body),
  );

  for (const url of ['/api/captchaEx/check', '/api/geeTest/validate'] as const) {
    defineRoute(
      app,
      {
        url,
        summary: "Check a challenge's answer; a right one earns a single-use ticket for its scene",
        tags: ['captcha'],
        rateLimit: 'read',
      },
      async (req) => checkChallenge(app.challenges, req.site.siteId, req.body),
    );
  }

  for (const method of ['GET', 'POST'] as const) {
    defineRoute(
      app,
      {
        method,
        url: '/api/gw/ic/verify',
        summary: 'Trade a robot-check ticket (scene ic) for a human pass, answered in the rqiab response header',
        tags: ['captcha'],
        rateLimit: 'read',
      },
      async (req, reply) => {
        const { ticket } = method === 'GET' ? req.query : req.body;
        const pass = await grantHumanPass(app.challenges, req.site.siteId, ticket);
        reply.header(RQIAB_HEADER, pass.token);
        return { expireAt: pass.expireAt };
      },
    );

    defineRoute(
      app,
      {
        method,
        url: '/api/v2/vvm',
        summary: 'How this site verifies (plain JSON, never encrypted)',
        tags: ['captcha'],
        rateLimit: 'read',
      },
      async (req) => {
        // The client reads this answer without decrypting it: never sealed, even for a sealed request.
        req.sealedWith = null;
        const settings = await authSettings(db, req.site.siteId);
        return {
          verifyType: 'slider' as const,
          loginVerifyType: settings.loginVerifyType,
          loginVerifyTriggerTimes: settings.loginVerifyTriggerTimes,
          sliderTolerancePx: SLIDER_TOLERANCE_PX,
          sliderMinDragMs: SLIDER_MIN_DRAG_MS,
          ticketTtlMs: VERIFY_TICKET_TTL_MS,
        };
      },
    );
  }
}
