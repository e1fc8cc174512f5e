import type { ErrorEntry } from './define.ts';
import { platformErrors } from './platform.ts';
import { authErrors } from './auth.ts';
import { walletErrors } from './wallet.ts';
import { siteErrors } from './site.ts';
import { clientErrors } from './client.ts';
import { sportsErrors } from './sports.ts';
import { casinoErrors } from './casino.ts';
import { liveErrors } from './live.ts';
import { vipErrors } from './vip.ts';
import { promoErrors } from './promo.ts';
import { providerErrors } from './provider.ts';
import { originalsErrors } from './originals.ts';
import { tablesErrors } from './tables.ts';
import { chessErrors } from './chess.ts';
import { fishErrors } from './fish.ts';
import { adminDeskErrors, adminErrors } from './admin.ts';

export { defineErrors, type ErrorEntry } from './define.ts';

/** The one error catalogue. Each domain owns a slice (a file beside this one). */
export const Errors = {
  ...platformErrors,
  ...authErrors,
  ...walletErrors,
  ...siteErrors,
  ...clientErrors,
  ...sportsErrors,
  ...casinoErrors,
  ...liveErrors,
  ...vipErrors,
  ...promoErrors,
  ...providerErrors,
  ...originalsErrors,
  ...tablesErrors,
  ...chessErrors,
  ...fishErrors,
  ...adminErrors,
  ...adminDeskErrors,
};

export type ErrorName = keyof typeof Errors;

const byCode = new Map<number, ErrorEntry>(Object.values(Errors).map((e) => [e.code, e]));

/** The zh-CN message for a code, or the generic one. */
export function messageOf(code: number): string {
  return byCode.get(code)?.msg ?? Errors.INTERNAL.msg;
}

/** Codes that end the session on the client (seed 4 and 8). */
export const SESSION_LOSS_CODES: readonly number[] = [
  Errors.AUTH_INVALID.code,
  Errors.LOGIN_ELSEWHERE.code,
  Errors.ACCOUNT_BLOCKED.code,
  Errors.PASSWORD_CHANGED.code,
];
/** Codes handled one at a time behind the 700 ms blockade lock. */
export const BLOCKADE_CODES: readonly number[] = [Errors.IP_BLOCKED.code, Errors.DEVICE_BLOCKED.code];
/** Codes the client's generic handling ignores (seed 8). */
export const QUIET_CODES: readonly number[] = [Errors.NOT_FOUND.code, Errors.FORBIDDEN.code];
/** Codes answered with the generic message (seed 8). */
export const GENERIC_CODES: readonly number[] = [Errors.RATE_LIMIT_A.code, Errors.RATE_LIMIT_B.code, Errors.RATE_LIMIT_C.code, Errors.INTERFACE_DEGRADE.code];
