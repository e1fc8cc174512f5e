import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps, Module } from '../../platform/deps.ts';
import { AppError, hookOf, hookWhere, routeOf, type RouteConfig } from '../../platform/http/index.ts';
import type { Now } from '../../platform/now.ts';
import { authRoutes } from './routes.ts';
import { accountRoutes } from './account-routes.ts';
import { verifyRoutes } from './verify-routes.ts';
import { authenticateNow, bearerToken, type MemberContext } from './sessions.ts';
import { seedDemoMember } from './demo.ts';
import { challengeStore } from './challenge-store.ts';
import { blockadeCheck } from './blockades.ts';
import { startHousekeeping } from './housekeeping.ts';

export { authenticate, bearerToken, endSessions, announceEnd, lostSessions, openSession, type MemberContext, type EndReason } from './sessions.ts';
export { getMember, findMember, createMember, normalizeName, countInvited, memberDevices, membersSharing } from './accounts.ts';
/** The promo module's invite page and pass, and its anti-abuse check. */
export { invitedMembers, inviteesOf, sharedSession } from './accounts.ts';
export type { MemberRow } from './tables.ts';
/** The member module writes the profile fields through these (their rules are its own). */
export { updateProfile, setOnce, type ProfileChange } from './accounts.ts';
/** The vip module sets the level it decides through this. */
export { setVipLevels } from './accounts.ts';
export { DEMO_MEMBER } from './demo.ts';
export { hashSecret, verifySecret } from './passwords.ts';
/** Tests: the production hashing and the cheap one the test harness sets. */
export { PASSWORD_HASHING, TEST_PASSWORD_HASHING, setPasswordHashing } from './passwords.ts';
/** Other modules demand security verification (NEED_SAFE) or the robot check (ROBOT_CHECK) with these. */
export { requireVerification, requireHuman } from './verification.ts';
/** Operator levers, for the back office and tests. */
export { blockMember, unblockMember, blockIp, unblockIp, blockDevice, unblockDevice } from './blockades.ts';
export {
  setMustChangePassword,
  setAgentCode,
  makeAgent,
  searchMembers,
  memberProfile,
  setMemberTags,
  membersTagged,
  resetMemberPassword,
  dailyMembers,
  type MemberSearch,
} from './operator.ts';
/** Tests: read the code pictures and slider puzzles as a person would. */
export { watchPictures, type Seen } from './pictures.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in member, on routes with `auth: 'member'` (always set) or 'optional'. */
    member: MemberContext | null;
  }
}

/** The session check of one request; with its session warm, no promise and no closure is made. */
function checkSession(db: Deps['db'], req: FastifyRequest): Now<void> {
  const mode = routeOf(req).config.auth;
  const token = bearerToken(req.headers.authorization);
  if (!token) {
    if (mode === 'member') throw new AppError('AUTH_INVALID', { httpStatus: 401 });
    return;
  }
  // 'optional' reads a session when there is a good one; 'member' demands it.
  try {
    const found = authenticateNow(db, token);
    if (found instanceof Promise) return found.then((member) => admit(req, member)).catch((err) => refuseUnlessOptional(mode, err));
    admit(req, found);
  } catch (err) {
    refuseUnlessOptional(mode, err);
  }
}

function admit(req: FastifyRequest, member: MemberContext): void {
  if (member.siteId !== req.site.siteId) throw new AppError('AUTH_INVALID', { httpStatus: 401 });
  req.member = member;
}

function refuseUnlessOptional(mode: RouteConfig['auth'], err: unknown): void {
  if (mode === 'member') throw err;
}

/**
 * Member paths need a live session of this site: 401 with the session-loss code otherwise. The
 * composition root installs this before any module declares a route, so no route with `auth` can
 * miss it.
 */
export function installSessionCheck(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('member', null);
  hookWhere(
    app,
    'preHandler',
    (config) => config.auth === 'member' || config.auth === 'optional',
    hookOf((req) => checkSession(deps.db, req)),
  );
}

export const authModule: Module = {
  name: 'auth',
  install(app, deps) {
    app.decorate('challenges', challengeStore(deps.db, deps.redis));
    authRoutes(app, deps);
    accountRoutes(app, deps);
    verifyRoutes(app, deps);
  },
  // Blocked IPs and devices are turned away before anything else of the call runs.
  gate: ({ db }) => blockadeCheck(db),
  seed: seedDemoMember,
  start: startHousekeeping,
};
