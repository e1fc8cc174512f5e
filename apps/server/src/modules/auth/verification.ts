import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  Headers,
  HUMAN_CHECK_SCENE,
  RQIAB_HEADER,
  SLIDER_MIN_DRAG_MS,
  SLIDER_TOLERANCE_PX,
  VERIFY_TICKET_FIELD,
  VERIFY_TICKET_TTL_MS,
  type VerifyType,
} from '@bp/contract';
import { clock } from '../../platform/clock.ts';
import { AppError, fail } from '../../platform/http/index.ts';
import { secretKey, type ChallengeStore } from './challenge-store.ts';
import { SLIDER_WIDTH, codePicture, dataUrl, sliderPuzzle } from './pictures.ts';

/**
 * Security verification (seed 4): a challenge (slider or code picture) is solved for a scene and
 * earns a single-use ticket for that scene; a call that demands verification consumes one.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The shared store of captchas, challenges and tickets (set by the auth module). */
    challenges: ChallengeStore;
  }
}

export const CHALLENGE_TTL_MS = 120_000;
export const HUMAN_PASS_TTL_MS = 10 * 60_000;

interface Challenge {
  siteId: number;
  scene: string;
  verifyType: VerifyType;
  issuedAt: number;
  /** Registered but not yet drawn (captchaEx/register). */
  pending?: boolean;
  notchX?: number;
  answerHash?: string;
}

const answerHash = (text: string) => createHash('sha256').update(text.trim().toUpperCase()).digest('hex');
const newId = () => randomBytes(16).toString('hex');
const expired = () => new AppError('VERIFY_CODE', { msg: '验证已过期，请刷新后重试' });

/** captchaEx/register: a captchaId reserved for a scene, drawn later by captchaEx/get. */
export async function registerChallenge(store: ChallengeStore, siteId: number, scene: string, verifyType: VerifyType) {
  const captchaId = newId();
  const issuedAt = clock.now();
  await store.put(`cx:${captchaId}`, { siteId, scene, verifyType, issuedAt, pending: true } satisfies Challenge, CHALLENGE_TTL_MS);
  return { captchaId, verifyType, expireAt: issuedAt + CHALLENGE_TTL_MS };
}

/** captchaEx/get: draws a challenge; the answer stays on the server. */
export async function drawChallenge(store: ChallengeStore, siteId: number, body: { scene: string; verifyType: VerifyType; captchaId?: string }) {
  let captchaId = newId();
  if (body.captchaId) {
    // Only a reservation is drawn; a challenge already drawn under this id is left alone.
    const reserved = await store.get<Challenge>(`cx:${body.captchaId}`);
    if (!reserved?.pending || reserved.siteId !== siteId || reserved.scene !== body.scene) throw expired();
    if (!(await store.take(`cx:${body.captchaId}`))) throw expired();
    captchaId = body.captchaId;
  }
  const base = { siteId, scene: body.scene, verifyType: body.verifyType, issuedAt: clock.now() };
  if (body.verifyType === 'image') {
    const picture = codePicture();
    await store.put(`cx:${captchaId}`, { ...base, answerHash: answerHash(picture.text) } satisfies Challenge, CHALLENGE_TTL_MS);
    return { captchaId, verifyType: body.verifyType, background: dataUrl(picture.svg), piece: null, width: 120, pieceY: null };
  }
  const puzzle = sliderPuzzle();
  await store.put(`cx:${captchaId}`, { ...base, notchX: puzzle.notchX } satisfies Challenge, CHALLENGE_TTL_MS);
  return { captchaId, verifyType: body.verifyType, background: puzzle.background, piece: puzzle.piece, width: SLIDER_WIDTH, pieceY: puzzle.notchY };
}

function solved(challenge: Challenge, answer: number | string, durationMs: number | undefined): boolean {
  if (challenge.verifyType === 'image') return typeof answer === 'string' && answerHash(answer) === challenge.answerHash;
  const x = typeof answer === 'number' ? answer : Number(answer);
  const drag = durationMs ?? 0;
  // A person drags for a while, and cannot have dragged longer than the puzzle has existed.
  const humanPace = drag >= SLIDER_MIN_DRAG_MS && drag <= clock.now() - challenge.issuedAt;
  return Number.isFinite(x) && Math.abs(x - (challenge.notchX ?? -1e9)) <= SLIDER_TOLERANCE_PX && humanPace;
}

/** captchaEx/check: one try per challenge; a right answer earns a ticket for its scene. */
export async function checkChallenge(store: ChallengeStore, siteId: number, body: { captchaId: string; answer: number | string; durationMs?: number }) {
  const challenge = await store.take<Challenge>(`cx:${body.captchaId}`);
  if (!challenge || challenge.pending || challenge.siteId !== siteId) throw expired();
  if (!solved(challenge, body.answer, body.durationMs)) fail('VERIFY_CODE');
  return { ticket: await issueTicket(store, siteId, challenge.scene) };
}

export async function issueTicket(store: ChallengeStore, siteId: number, scene: string): Promise<string> {
  const ticket = randomBytes(24).toString('base64url');
  await store.put(secretKey('vt', ticket), { siteId, scene }, VERIFY_TICKET_TTL_MS);
  return ticket;
}

/** Consumes a ticket; true when it was live and issued for this site and scene. */
export async function redeemTicket(store: ChallengeStore, siteId: number, scene: string, ticket: unknown): Promise<boolean> {
  if (typeof ticket !== 'string' || ticket.length === 0 || ticket.length > 128) return false;
  const held = await store.take<{ siteId: number; scene: string }>(secretKey('vt', ticket));
  return held !== null && held.siteId === siteId && held.scene === scene;
}

/** The ticket a request carries: `verifyTicket` in its body, or the x-verify-ticket header. */
export function ticketOf(req: FastifyRequest): unknown {
  const body = req.body as Record<string, unknown> | null | undefined;
  return (body && typeof body === 'object' ? body[VERIFY_TICKET_FIELD] : undefined) ?? req.headers[Headers.verifyTicket];
}

/**
 * Demands security verification for a scene: passes when the request carries a live ticket for
 * it (consumed), else answers NEED_SAFE with `{verifyType, scene}` so the client opens the dialog
 * and sends the call again with the ticket merged in.
 */
export async function requireVerification(req: FastifyRequest, scene: string, verifyType: VerifyType = 'slider'): Promise<void> {
  if (await redeemTicket(req.server.challenges, req.site.siteId, scene, ticketOf(req))) return;
  throw new AppError('NEED_SAFE', { data: { verifyType, scene } });
}

/** /api/gw/ic/verify: a ticket of the robot-check scene buys a human pass, the `rqiab` token. */
export async function grantHumanPass(store: ChallengeStore, siteId: number, ticket: string) {
  if (!(await redeemTicket(store, siteId, HUMAN_CHECK_SCENE, ticket))) throw expired();
  const token = randomBytes(24).toString('base64url');
  const expireAt = clock.now() + HUMAN_PASS_TTL_MS;
  await store.put(secretKey('hp', token), { siteId }, HUMAN_PASS_TTL_MS);
  return { token, expireAt };
}

/** The robot check: passes while the request's `rqiab` header holds a live pass of this site. */
export async function requireHuman(req: FastifyRequest): Promise<void> {
  if (!(await isHuman(req))) robotCheckFailed();
}

/** Whether the request's `rqiab` header holds a live human pass of this site. */
export async function isHuman(req: FastifyRequest): Promise<boolean> {
  const token = req.headers[RQIAB_HEADER];
  if (typeof token !== 'string' || token.length > 128) return false;
  const pass = await req.server.challenges.get<{ siteId: number }>(secretKey('hp', token));
  return pass?.siteId === req.site.siteId;
}

/** The seed's robot-check answer: the client opens the slider of the human-check scene. */
export const robotCheckFailed = (): never => {
  throw new AppError('ROBOT_CHECK', { data: { verifyType: 'slider', scene: HUMAN_CHECK_SCENE } });
};
