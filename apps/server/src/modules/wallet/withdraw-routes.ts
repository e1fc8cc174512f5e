import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../platform/http/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { announceBalance } from './announce.ts';
import { addAddress, addBankCard, deleteAddress, deleteBankCard, listAddresses, listBankCards } from './destinations.ts';
import { bindFlow, withdrawPrepare, withdrawPrompt } from './withdraw-info.ts';
import { passwordStatus, resetWithdrawPassword, setWithdrawPassword, updateWithdrawPassword } from './withdraw-password.ts';
import { cancelWithdrawal, listWithdrawals, requestWithdrawal } from './withdrawals.ts';
import { ownerOfRequest } from './request.ts';

export function withdrawRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  const member = { auth: 'member', rateLimit: 'read' } as const;
  const money = { auth: 'member', rateLimit: 'money' } as const;

  // The 6-digit withdrawal password.
  defineRoute(
    app,
    {
      url: '/api/wallet/withdrawPassword/status',
      summary: 'Whether the withdrawal password is set, locked, required',
      ...member,
    },
    async (req) => passwordStatus(db, req.member.memberId, req.site.siteId),
  );
  defineRoute(app, { url: '/api/wallet/withdrawPassword/set', summary: 'Sets the withdrawal password (first time)', ...member }, async (req) => {
    await setWithdrawPassword(db, req.member.memberId, req.body.password);
    return null;
  });
  defineRoute(
    app,
    {
      url: '/api/wallet/withdrawPassword/update',
      summary: 'Changes the withdrawal password with the old one',
      ...member,
    },
    async (req) => {
      await updateWithdrawPassword(db, req.member.memberId, req.body.oldPassword, req.body.password);
      return null;
    },
  );
  defineRoute(
    app,
    {
      url: '/api/wallet/withdrawPassword/reset',
      summary: 'Resets a forgotten withdrawal password, proven by a bound card number or address',
      ...member,
    },
    async (req) => {
      await resetWithdrawPassword(db, req.member.memberId, req.body.proof, req.body.password);
      return null;
    },
  );

  // Bank cards and the USDT address book.
  defineRoute(app, { url: '/api/wallet/bankCard/list', summary: "The member's bank cards (cardNum masked)", ...member }, async (req) =>
    listBankCards(db, req.member.memberId),
  );
  defineRoute(app, { url: '/api/wallet/bankCard/add', summary: 'Binds a bank card in the real name (Luhn-checked)', ...member }, async (req) =>
    addBankCard(db, ownerOfRequest(req), req.body),
  );
  defineRoute(app, { url: '/api/wallet/bankCard/delete', summary: 'Unbinds a bank card', ...member }, async (req) => {
    await deleteBankCard(db, req.member.memberId, req.body.cardId);
    return null;
  });
  defineRoute(app, { url: '/api/wallet/address/list', summary: 'The withdrawal address book (USDT)', ...member }, async (req) =>
    listAddresses(db, req.member.memberId),
  );
  defineRoute(
    app,
    {
      url: '/api/wallet/address/add',
      summary: 'Adds a USDT address (TRC20: T + 33 base58; ERC20: 0x + 40 hex)',
      ...member,
    },
    async (req) => addAddress(db, ownerOfRequest(req), req.body),
  );
  defineRoute(app, { url: '/api/wallet/address/delete', summary: 'Removes a USDT address', ...member }, async (req) => {
    await deleteAddress(db, req.member.memberId, req.body.addressId);
    return null;
  });

  // Withdrawals.
  defineRoute(app, { url: '/api/wallet/withdraw/bindFlow', summary: 'The bind flow to complete before withdrawing, or null', ...member }, async (req) =>
    bindFlow(db, ownerOfRequest(req)),
  );
  defineRoute(app, { url: '/api/wallet/withdraw/prompt', summary: 'Withdrawal limits, fees and turnover, with notices', ...member }, async (req) =>
    withdrawPrompt(db, ownerOfRequest(req)),
  );
  defineRoute(
    app,
    {
      url: '/api/wallet/withdraw/prepare',
      summary: 'What the withdraw form needs (at most 3 cards and addresses)',
      ...member,
    },
    async (req) => withdrawPrepare(db, ownerOfRequest(req), req.body.amount),
  );
  defineRoute(app, { url: '/api/wallet/withdraw/new', summary: 'Requests a withdrawal; the amount is held at once', ...money }, async (req) => {
    const owner = ownerOfRequest(req);
    const order = await requestWithdrawal(db, owner, req.idempotencyKey, req.body);
    await announceBalance(deps, owner, 'withdraw');
    return order;
  });
  defineRoute(app, { url: '/api/wallet/usdt/withdraw', summary: 'Requests a withdrawal to a USDT address', ...money }, async (req) => {
    const owner = ownerOfRequest(req);
    const order = await requestWithdrawal(db, owner, req.idempotencyKey, req.body);
    await announceBalance(deps, owner, 'withdraw');
    return order;
  });
  defineRoute(app, { url: '/api/wallet/withdraw/cancel', summary: 'Cancels a withdrawal under review; the hold returns', ...money }, async (req) => {
    const order = await cancelWithdrawal(db, req.member.memberId, req.idempotencyKey, req.body.orderId);
    await announceBalance(deps, ownerOfRequest(req), 'withdraw');
    return order;
  });
  defineRoute(app, { url: '/api/wallet/withdraw/orders', summary: "The member's withdrawals", ...member }, async (req) =>
    listWithdrawals(db, req.member.memberId, req.body.page, req.body.size, req.body.status),
  );
}
