import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ForgetChannel } from '@bp/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/http/index.ts';
import { checkNewPassword, findMember, getMember } from './accounts.ts';
import { boundDestination, parseEmail, parsePhone, phoneDestination } from './contact.ts';
import { consumeCode, type CodeTarget } from './codes.ts';
import { secretKey } from './challenge-store.ts';
import { sendCodeTo } from './bind-contact.ts';
import { passwordReplaced, replacePassword } from './password-change.ts';

/**
 * Forgotten password in three steps (seed 7): 1. name + bound phone or email -> a reset ticket and
 * a code; 2. the code -> a verified ticket; 3. a new password with it -> every session ends.
 * Each ticket serves once; the whole flow lives a quarter of an hour.
 */
const RESET_TTL_MS = 15 * 60_000;

interface ResetTicket {
  siteId: number;
  memberId: number;
  channel: ForgetChannel;
  destination: string;
  verified: boolean;
}

const codeChannel = (channel: ForgetChannel) => (channel === 'phone' ? 'sms' : 'email');
const targetOf = (t: ResetTicket): CodeTarget => ({ siteId: t.siteId, channel: codeChannel(t.channel), destination: t.destination, scene: 'forget' });

async function putTicket(req: FastifyRequest, ticket: ResetTicket): Promise<string> {
  const secret = randomBytes(24).toString('base64url');
  await req.server.challenges.put(secretKey('rs', secret), ticket, RESET_TTL_MS);
  return secret;
}

async function heldTicket(req: FastifyRequest, channel: ForgetChannel, secret: string, verified: boolean): Promise<ResetTicket> {
  const held = await req.server.challenges.get<ResetTicket>(secretKey('rs', secret));
  if (!held || held.siteId !== req.site.siteId || held.channel !== channel || held.verified !== verified) return fail('RESET_TICKET_INVALID');
  return held;
}

async function spendTicket(req: FastifyRequest, secret: string): Promise<void> {
  if (!(await req.server.challenges.take(secretKey('rs', secret)))) fail('RESET_TICKET_INVALID');
}

/** Step 1: the name and the phone or email must match what the member bound (one answer for any mismatch). */
export async function forgetStep1(
  { db }: Deps,
  req: FastifyRequest,
  channel: ForgetChannel,
  body: { name: string; phone?: string; areaCode?: string; email?: string },
) {
  const given = channel === 'phone' ? phoneDestination(parsePhone(body.phone ?? '', body.areaCode)) : parseEmail(body.email ?? '');
  const member = await findMember(db, req.site.siteId, body.name);
  if (!member || boundDestination(member, codeChannel(channel)) !== given) return fail('CONTACT_MISMATCH');
  const ticket: ResetTicket = { siteId: member.siteId, memberId: member.memberId, channel, destination: given, verified: false };
  const sent = await sendCodeTo(db, req, targetOf(ticket));
  return { ...sent, ticket: await putTicket(req, ticket) };
}

/** Step 2: the right code turns the ticket into a verified one (the old one is spent). */
export async function forgetStep2({ db }: Deps, req: FastifyRequest, channel: ForgetChannel, body: { ticket: string; code: string }) {
  const held = await heldTicket(req, channel, body.ticket, false);
  await consumeCode(db, targetOf(held), body.code);
  await spendTicket(req, body.ticket);
  return { ticket: await putTicket(req, { ...held, verified: true }) };
}

/** Step 3: the new password; every session of the member ends with PASSWORD_CHANGED. */
export async function forgetStep3({ db, bus }: Deps, req: FastifyRequest, channel: ForgetChannel, body: { ticket: string; password: string }) {
  const held = await heldTicket(req, channel, body.ticket, true);
  const member = await getMember(db, held.memberId);
  if (!member) return fail('RESET_TICKET_INVALID');
  checkNewPassword(body.password, member.name);
  await spendTicket(req, body.ticket);
  const ended = await db.transaction((tx) => replacePassword(tx, member, body.password));
  await passwordReplaced(bus, member.memberId, ended);
  return null;
}
