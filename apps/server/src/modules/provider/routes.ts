import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { clock } from '../../platform/clock.ts';
import { verifyProvider } from './signature.ts';
import { balance, credit, debit, rollback, session } from './protocol.ts';
import { heard } from './providers.ts';

/**
 * The protocol's paths, in a scope of their own whose every call is verified as a provider's first.
 * Exempt from the member site's policies (maintenance, access rules, signed clients): a provider is
 * a server, and a round in flight must still settle. Not rate-limited: providers are few and signed.
 */
export async function providerRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  await app.register(async (scope) => {
    scope.decorateRequest('provider', null);
    scope.addHook('preValidation', async (req) => verifyProvider(deps, req));
    const signed = { auth: 'provider', exempt: true, rateLimit: false } as const;
    const { db } = deps;
    defineRoute(scope, { url: '/api/provider/v1/session', summary: "A launch's token: the player, currency and main balance", ...signed }, async (req) =>
      session(db, req.provider!, req.body.token),
    );
    defineRoute(scope, { url: '/api/provider/v1/balance', summary: "The player's main balance, by the launch's token", ...signed }, async (req) =>
      balance(db, req.provider!, req.body.token),
    );
    defineRoute(
      scope,
      { url: '/api/provider/v1/debit', summary: 'A stake from the main wallet, idempotent by transactionId; opens or adds to the round', ...signed },
      async (req) => debit(deps, req.provider!, req.body),
    );
    defineRoute(
      scope,
      { url: '/api/provider/v1/credit', summary: 'Settles a round its debits opened (amount 0: a loss), idempotent by transactionId', ...signed },
      async (req) => credit(deps, req.provider!, req.body),
    );
    defineRoute(
      scope,
      { url: '/api/provider/v1/rollback', summary: 'Reverses a debit by its transactionId; an unknown one is tombstoned so it is refused later', ...signed },
      async (req) => rollback(deps, req.provider!, req.body),
    );
    defineRoute(
      scope,
      { url: '/api/provider/v1/heartbeat', summary: "The provider's process runs: it is offered while enabled and heard from", ...signed },
      async (req) => {
        await heard(db, req.provider!.api_name);
        return { apiName: req.provider!.api_name, serverTime: clock.now(), enabled: req.provider!.enabled };
      },
    );
  });
}
