import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { PROOF_MAX_BYTES } from '@bp/contract';
import { AppError, defineRoute, fail } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { payVal } from './pay.ts';
import { appealSpeedPay, cancelCount, cancelDeposit, confirmSpeedPay, uploadProof } from './speed-pay.ts';
import { ownerOfRequest } from './request.ts';

/** speedPay (bank transfer) and USDT pay: orders that wait for the member's payment. */
export async function speedPayRoutes(app: FastifyInstance, { db }: Deps): Promise<void> {
  const member = { auth: 'member', rateLimit: 'read' } as const;

  defineRoute(app, { url: '/api/wallet/speedPay/confirm', summary: 'speedPay: the member has made the bank transfer', ...member }, async (req) =>
    confirmSpeedPay(db, req.member.memberId, req.body.orderId, req.body.payerName),
  );
  defineRoute(
    app,
    {
      url: '/api/wallet/speedPay/appeal',
      summary: 'speedPay: disputes a rejected or slow order (once)',
      ...member,
    },
    async (req) => appealSpeedPay(db, req.member.memberId, req.body.orderId, req.body.reason),
  );
  defineRoute(app, { url: '/api/wallet/speedPay/cancel', summary: 'Cancels a waiting deposit order (a daily limit applies)', ...member }, async (req) =>
    cancelDeposit(db, ownerOfRequest(req), req.body.orderId),
  );
  defineRoute(app, { url: '/api/wallet/speedPay/cancelCount', summary: 'Deposit cancels used and left today', ...member }, async (req) =>
    cancelCount(db, ownerOfRequest(req)),
  );
  defineRoute(
    app,
    {
      url: '/api/wallet/usdt/pay',
      summary: 'USDT deposit: the address, network and USDT sum to send',
      auth: 'member',
      rateLimit: 'money',
    },
    async (req) => payVal(db, ownerOfRequest(req), req.idempotencyKey, req.body, ['usdt']),
  );

  // The proof image arrives as multipart form data (fields `orderId` and `file`), in a scope of its own.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: PROOF_MAX_BYTES, files: 1, fields: 4 }, throwFileSizeLimit: true });
    defineRoute(
      scope,
      {
        url: '/api/wallet/speedPay/upload',
        summary: 'speedPay: uploads the transfer receipt (JPEG, PNG or WEBP, at most 5 MB)',
        ...member,
        upload: {
          orderId: { description: 'The deposit order the receipt is for' },
          file: { description: 'The receipt: JPEG, PNG or WEBP, at most 5 MB', file: true },
        },
      },
      async (req) => {
        if (!req.isMultipart()) return fail('PROOF_INVALID');
        const file = await req.file().catch(() => undefined);
        if (!file) return fail('PROOF_INVALID');
        const bytes = await file.toBuffer().catch((err: { code?: string }) => {
          throw new AppError('PROOF_INVALID', { data: { reason: err.code ?? 'unreadable' } });
        });
        const orderId = Number((file.fields.orderId as { value?: unknown } | undefined)?.value);
        if (!Number.isInteger(orderId) || orderId <= 0) return fail('VALIDATION', { msg: 'orderId: 请提供订单号' });
        return uploadProof(db, req.member.memberId, orderId, file.mimetype, bytes);
      },
    );
  });
}
