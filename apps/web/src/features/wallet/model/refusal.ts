import { BLOCKADE_CODES, Errors, QUIET_CODES, SESSION_LOSS_CODES } from '@bp/contract';

/**
 * Whether a screen should show a refusal itself. The common path already speaks for time-outs and
 * network failures (its toasts), session loss and blockades (its alert), and keeps quiet codes quiet.
 */
const SPOKEN_FOR: readonly number[] = [
  Errors.TIMEOUT.code,
  Errors.NETWORK_ABNORMAL.code,
  Errors.LINE_ABNORMAL.code,
  ...SESSION_LOSS_CODES,
  ...BLOCKADE_CODES,
  ...QUIET_CODES,
];

export const showsOwnRefusal = (code: number): boolean => !SPOKEN_FOR.includes(code);
