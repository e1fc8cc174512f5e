import { BLOCKADE_CODES, Errors, GENERIC_CODES, LOGIN_HASHED_PATH, QUIET_CODES, SESSION_LOSS_CODES } from '@bp/contract';

/**
 * How the common path reacts to an answer's code (seed 8). Pure: the request path carries the
 * reaction out with the screen's effects.
 */
export type Reaction =
  | { kind: 'success' }
  | { kind: 'quiet' }
  | { kind: 'sessionLoss' }
  | { kind: 'blockade' }
  | { kind: 'caveat'; to: '/maintenance' | '/access-alert' }
  | { kind: 'restriction' }
  | { kind: 'maintenance' }
  | { kind: 'blacklist' }
  | { kind: 'needSafe' }
  | { kind: 'robotCheck' }
  | { kind: 'generic' }
  | { kind: 'message' };

/** The site info call: system maintenance there means the whole site is down (seed 8). */
export const PER_INFO_PATH = '/api/site/group/site/perInfo';

const maintenanceStatusOf = (data: unknown): number | undefined => {
  const m = (data as { maintenance?: { status?: unknown } } | null)?.maintenance;
  return typeof m?.status === 'number' ? m.status : undefined;
};

export function reactionTo(code: number, data: unknown, path: string): Reaction {
  if (code === Errors.OK.code) return { kind: 'success' };
  if (QUIET_CODES.includes(code)) return { kind: 'quiet' };
  if (SESSION_LOSS_CODES.includes(code)) return { kind: 'sessionLoss' };
  if (BLOCKADE_CODES.includes(code)) return { kind: 'blockade' };
  if (code === Errors.ACCESS_CAVEAT.code) return { kind: 'caveat', to: maintenanceStatusOf(data) === 0 ? '/maintenance' : '/access-alert' };
  if (code === Errors.ACCESS_RESTRICTION.code) return { kind: 'restriction' };
  if (code === Errors.SYSTEM_MAINTENANCE.code) return path === PER_INFO_PATH ? { kind: 'maintenance' } : { kind: 'message' };
  if (code === Errors.ACTIVE_BLACKLIST.code) return { kind: 'blacklist' };
  if (code === Errors.NEED_SAFE.code) return { kind: 'needSafe' };
  if (code === Errors.ROBOT_CHECK.code) return { kind: 'robotCheck' };
  if (GENERIC_CODES.includes(code)) return { kind: 'generic' };
  return { kind: 'message' };
}

/** Pages that stay reachable whatever the site's maintenance and restriction say (seed 2, 6). */
export const EXEMPT_PAGES: readonly string[] = ['/cs'];

/** The token is blanked for login, the banner list and the site info call (seed 7). */
const BLANK_TOKEN_PATHS: readonly RegExp[] = [
  /^\/api\/member\/login\//,
  /^\/api\/member\/lg\//,
  new RegExp(`^${LOGIN_HASHED_PATH}$`),
  /^\/api\/site\/banner\/list$/,
  /\/perInfo(\/v1\/get)?$/,
];

export const isTokenBlanked = (path: string): boolean => BLANK_TOKEN_PATHS.some((re) => re.test(path));

/** Seed 7: 5 s without credentials, 30 s with. */
export const TIMEOUTS = { withoutCredentials: 5_000, withCredentials: 30_000 } as const;
export const timeoutFor = (token: string): number => (token ? TIMEOUTS.withCredentials : TIMEOUTS.withoutCredentials);

/** Seed 8 and 9: durations and delays of the common path. */
export const TIMING = {
  timeoutToastMs: 1_500,
  networkToastMs: 1_000,
  blockadeLockMs: 700,
  verifyRetryMs: 500,
} as const;

/**
 * Failures of calls without credentials are counted (seed 8): below the threshold the line is
 * reported as switching (1000022), from it on the network as abnormal (1000023). A success resets it.
 */
export const LINE_FAILURE_THRESHOLD = 3;

export function credentialFreeFailureCode(failuresSoFar: number): number {
  return failuresSoFar < LINE_FAILURE_THRESHOLD ? Errors.LINE_ABNORMAL.code : Errors.NETWORK_ABNORMAL.code;
}
