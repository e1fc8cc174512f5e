import { RuleMessages } from './messages.ts';

export const WITHDRAW_PASSWORD_PATTERN = /^\d{6}$/;

/** Seed 5: a withdrawal password is 6 digits. */
export function checkWithdrawPassword(value: string): string | null {
  return WITHDRAW_PASSWORD_PATTERN.test(value) ? null : RuleMessages.withdrawPassword;
}
