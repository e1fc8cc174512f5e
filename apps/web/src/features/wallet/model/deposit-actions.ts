import type { DepositState, PAY_KINDS } from '@bp/contract';

type PayKind = (typeof PAY_KINDS)[number];
export interface DepositLike {
  kind: PayKind;
  status: DepositState;
  appealReason: string | null;
}

const BANK_PROOF_STATES: readonly DepositState[] = ['pending', 'reviewing', 'appealing'];
const APPEAL_STATES: readonly DepositState[] = ['reviewing', 'rejected'];
const CANCEL_STATES: readonly DepositState[] = ['pending', 'reviewing'];

/**
 * What the member can do with a deposit order now, as the server allows it: a speedPay (bank)
 * order takes its receipt and the "I have paid" confirmation; a waiting bank or USDT order can be
 * cancelled (within the daily count); a slow or rejected one can be appealed once.
 */
export function depositActions(order: DepositLike) {
  const waitsForMember = order.kind !== 'sandbox';
  return {
    upload: order.kind === 'bank' && BANK_PROOF_STATES.includes(order.status),
    confirm: order.kind === 'bank' && order.status === 'pending',
    appeal: waitsForMember && APPEAL_STATES.includes(order.status) && !order.appealReason,
    cancel: waitsForMember && CANCEL_STATES.includes(order.status),
  };
}

/** A bank (speedPay) or USDT order opens its own screen: the account or address to pay to. */
export const hasOrderScreen = (kind: PayKind): boolean => kind !== 'sandbox';
