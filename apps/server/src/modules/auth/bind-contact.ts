import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import type { CodeChannel, SendCodeBody, SendCodeData } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { AppError, fail } from '../../platform/http/index.ts';
import { members } from './tables.ts';
import { brokenConstraint, findMember, getMember } from './accounts.ts';
import { boundDestination, parseEmail, parsePhone, phoneDestination } from './contact.ts';
import { consumeCode, issueCode, type CodeTarget } from './codes.ts';
import { authSettings } from './settings.ts';
import { isHuman } from './verification.ts';
import { isDormant } from './dormancy.ts';
import { memberChanged } from '../../platform/cache.ts';

type ContactInput = { phone?: string; areaCode?: string; email?: string };

/** A phone or email to bind, checked, and not bound to another member of the site. */
async function freeContact(db: Db, siteId: number, channel: CodeChannel, input: ContactInput, memberId: number) {
  if (channel === 'sms') {
    if (!input.phone) fail('PHONE_REQUIRED');
    const p = parsePhone(input.phone!, input.areaCode);
    const [owner] = await db
      .select({ id: members.memberId })
      .from(members)
      .where(and(eq(members.siteId, siteId), eq(members.phone, p.phone), eq(members.areaCode, p.areaCode)))
      .limit(1);
    if (owner && owner.id !== memberId) fail('PHONE_TAKEN');
    return { destination: phoneDestination(p), set: { phone: p.phone, areaCode: p.areaCode } };
  }
  const email = parseEmail(input.email ?? '');
  const [owner] = await db
    .select({ id: members.memberId })
    .from(members)
    .where(and(eq(members.siteId, siteId), eq(members.email, email)))
    .limit(1);
  if (owner && owner.id !== memberId) fail('EMAIL_TAKEN');
  return { destination: email, set: { email } };
}

/**
 * Sends a code to a target under the robot check of code sending: an IP that asked for
 * `send_code_free_times` codes within the hour needs a human pass (seed 8 robot-check code,
 * /api/gw/ic/verify) for more.
 */
export async function sendCodeTo(db: Db, req: FastifyRequest, target: CodeTarget): Promise<SendCodeData> {
  const { sendCodeFreeTimes } = await authSettings(db, req.site.siteId);
  const freeTimes = (await isHuman(req)) ? Number.POSITIVE_INFINITY : sendCodeFreeTimes;
  return issueCode(db, target, { ip: req.ip, freeTimes });
}

async function targetOf(db: Db, req: FastifyRequest, body: SendCodeBody): Promise<CodeTarget> {
  const siteId = req.site.siteId;
  if (body.scene === 'bind') {
    if (!req.member) throw new AppError('AUTH_INVALID', { httpStatus: 401 });
    const { destination } = await freeContact(db, siteId, body.type, body, req.member.memberId);
    return { siteId, channel: body.type, destination, scene: 'bind' };
  }
  const member = body.name ? await findMember(db, siteId, body.name) : null;
  const destination = member ? boundDestination(member, body.type) : null;
  if (!member || !destination) return fail('CONTACT_NOT_BOUND');
  if (!(await isDormant(db, member))) fail('MEMBER_NOT_DORMANT');
  return { siteId, channel: body.type, destination, scene: 'activate' };
}

/** sendCode: checks the scene's destination, then issues the code (sandbox: answered). */
export async function sendCode(db: Db, req: FastifyRequest, body: SendCodeBody): Promise<SendCodeData> {
  return sendCodeTo(db, req, await targetOf(db, req, body));
}

/** Binds a phone (sms) or email to the member with the code sent to it (scene `bind`); once. */
export async function bindContact(db: Db, memberId: number, channel: CodeChannel, input: ContactInput & { code: string }) {
  const member = await getMember(db, memberId);
  if (!member) throw new AppError('AUTH_INVALID', { httpStatus: 401 });
  if (channel === 'sms' && member.phone) fail('PHONE_TAKEN', { msg: '您已绑定手机号，如需更换请联系客服' });
  if (channel === 'email' && member.email) fail('EMAIL_TAKEN', { msg: '您已绑定邮箱，如需更换请联系客服' });
  const { destination, set } = await freeContact(db, member.siteId, channel, input, memberId);
  await consumeCode(db, { siteId: member.siteId, channel, destination, scene: 'bind' }, input.code);
  try {
    const [row] = await db.update(members).set(set).where(eq(members.memberId, memberId)).returning();
    memberChanged(memberId);
    return { phone: row.phone, areaCode: row.areaCode, email: row.email };
  } catch (err) {
    if (brokenConstraint(err)) fail(channel === 'sms' ? 'PHONE_TAKEN' : 'EMAIL_TAKEN');
    throw err;
  }
}
