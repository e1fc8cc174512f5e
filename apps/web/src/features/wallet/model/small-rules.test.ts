import { describe, expect, it } from 'vitest';
import { Errors, PROOF_MAX_BYTES, RuleMessages, checkWithdrawPassword } from '@bp/contract';
import { depositActions, hasOrderScreen } from './deposit-actions.ts';
import { pinComplete, typedPin } from './pin.ts';
import { proofProblem } from './proof.ts';
import { showsOwnRefusal } from './refusal.ts';
import { transferDirections, transferRequest, transferable, venueOpen } from './transfer.ts';

describe('venue transfers', () => {
  it('[S3-03] name the venue api_name and the direction transfer_out (true: venue to main)', () => {
    expect(transferRequest('AG', 100, 'in')).toEqual({ api_name: 'AG', amount: 100, transfer_out: false });
    expect(transferRequest('PG', 12.5, 'out')).toEqual({ api_name: 'PG', amount: 12.5, transfer_out: true });
    expect(transferable('in', 300, 20)).toBe(300);
    expect(transferable('out', 300, 20)).toBe(20);
  });

  it('move money into a venue only while it is offered; out of it always', () => {
    expect(transferDirections(true)).toEqual(['in', 'out']);
    expect(transferDirections(false)).toEqual(['out']);
  });

  it('[S4-12] take transfers only for a venue whose status is 0', () => {
    expect(venueOpen(0)).toBe(true);
    expect(venueOpen(1)).toBe(false);
    expect(venueOpen(2)).toBe(false);
  });
});

describe('the withdrawal password as typed', () => {
  it('[S5-06] lets only digits in, at most 6, and is complete at exactly 6', () => {
    expect(typedPin('12a3 4-5678')).toBe('123456');
    expect(typedPin('12')).toBe('12');
    expect(pinComplete('123456')).toBe(true);
    expect(pinComplete('12345')).toBe(false);
    expect(checkWithdrawPassword(typedPin('９８７６５４３'))).toBe(RuleMessages.withdrawPassword);
  });
});

describe('the transfer receipt', () => {
  it('is refused before upload unless a JPEG, PNG or WEBP of at most 5 MB', () => {
    expect(proofProblem({ type: 'image/png', size: 1_000 })).toBeNull();
    expect(proofProblem({ type: 'image/webp', size: PROOF_MAX_BYTES })).toBeNull();
    expect(proofProblem({ type: 'image/jpeg', size: PROOF_MAX_BYTES + 1 })).toBe(Errors.PROOF_INVALID.msg);
    expect(proofProblem({ type: 'image/gif', size: 1_000 })).toBe(Errors.PROOF_INVALID.msg);
    expect(proofProblem({ type: 'application/pdf', size: 1_000 })).toBe(Errors.PROOF_INVALID.msg);
    expect(proofProblem({ type: 'image/png', size: 0 })).toBe(Errors.PROOF_INVALID.msg);
  });
});

describe('deposit orders', () => {
  it('[S7-13] offer what the server allows: receipt and "paid" on a waiting speedPay order, cancel while waiting, one appeal', () => {
    const bank = (status: Parameters<typeof depositActions>[0]['status'], appealReason: string | null = null) =>
      depositActions({ kind: 'bank', status, appealReason });
    expect(bank('pending')).toEqual({ upload: true, confirm: true, appeal: false, cancel: true });
    expect(bank('reviewing')).toEqual({ upload: true, confirm: false, appeal: true, cancel: true });
    expect(bank('rejected')).toEqual({ upload: false, confirm: false, appeal: true, cancel: false });
    expect(bank('rejected', '已转账')).toEqual({ upload: false, confirm: false, appeal: false, cancel: false });
    expect(bank('appealing', '已转账')).toEqual({ upload: true, confirm: false, appeal: false, cancel: false });
    expect(depositActions({ kind: 'usdt', status: 'pending', appealReason: null })).toEqual({ upload: false, confirm: false, appeal: false, cancel: true });
    expect(depositActions({ kind: 'sandbox', status: 'success', appealReason: null })).toEqual({ upload: false, confirm: false, appeal: false, cancel: false });
    expect([hasOrderScreen('sandbox'), hasOrderScreen('bank'), hasOrderScreen('usdt')]).toEqual([false, true, true]);
  });
});

describe('refusals', () => {
  it('are shown by the screen unless the common path already spoke (time-out, network, session loss)', () => {
    expect(showsOwnRefusal(Errors.INSUFFICIENT_BALANCE.code)).toBe(true);
    expect(showsOwnRefusal(Errors.WITHDRAW_PASSWORD_WRONG.code)).toBe(true);
    expect(showsOwnRefusal(Errors.TIMEOUT.code)).toBe(false);
    expect(showsOwnRefusal(Errors.NETWORK_ABNORMAL.code)).toBe(false);
    expect(showsOwnRefusal(Errors.LOGIN_ELSEWHERE.code)).toBe(false);
  });
});
