import type { FastifyInstance } from 'fastify';
import { toMinor } from '@bp/contract';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { announceBalance, walletOwner } from '../wallet/index.ts';
import { autoTransferStatus, recoverAll, setAutoTransfer, walletBalances } from './balances.ts';
import { transferWithVenue } from './transfers.ts';

export function venueRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const member = { auth: 'member', rateLimit: 'read' } as const;
  const money = { auth: 'member', rateLimit: 'money' } as const;

  defineRoute(app, { url: '/api/wallet/balance', summary: 'Main, interest and venue balances', ...member }, async (req) =>
    walletBalances(db, walletOwner(req.site, req.member.memberId)),
  );

  defineRoute(
    app,
    {
      url: '/api/wallet/transfer',
      summary: 'Moves money between the main wallet and a venue; transfer_out: true moves venue to main',
      ...money,
    },
    async (req) => {
      const owner = walletOwner(req.site, req.member.memberId);
      const move = { apiName: req.body.api_name, amountMinor: toMinor(req.body.amount), out: req.body.transfer_out };
      const answer = await transferWithVenue(db, owner, req.idempotencyKey, req.body, move);
      await announceBalance(deps, owner, 'transfer', answer.main);
      return answer;
    },
  );

  defineRoute(app, { url: '/api/wallet/recover', summary: 'Sweeps every venue balance back to the main wallet', ...money }, async (req) => {
    const owner = walletOwner(req.site, req.member.memberId);
    const answer = await recoverAll(db, owner, req.idempotencyKey);
    await announceBalance(deps, owner, 'transfer', answer.main);
    return answer;
  });

  defineRoute(app, { url: '/api/wallet/autoTransfer/get', summary: 'Reads the auto-transfer switch', ...member }, async (req) => ({
    status: await autoTransferStatus(db, req.member.memberId),
  }));
  defineRoute(app, { url: '/api/wallet/autoTransfer/set', summary: 'Sets the auto-transfer switch', ...member }, async (req) => ({
    status: await setAutoTransfer(db, req.member.memberId, req.body.status),
  }));
}
