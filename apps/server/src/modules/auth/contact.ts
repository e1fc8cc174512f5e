import { CHINA_AREA_CODE, checkEmail, checkPhone, maskEmail, normalizeAreaCode, type CodeChannel } from '@bp/contract';
import { fail } from '../../platform/http/index.ts';

/** A phone number with its dialling code, as stored (area code without '+', digits only). */
export interface Phone {
  phone: string;
  areaCode: string;
}

/** Checks a phone against the seed's rule for its area code; PHONE_INVALID with the rule's message. */
export function parsePhone(phone: string, areaCode?: string | null): Phone {
  const code = normalizeAreaCode(areaCode);
  if (!/^\d{1,4}$/.test(code)) fail('PHONE_INVALID', { msg: '请选择正确的国家或地区区号' });
  const digits = phone.trim();
  const broken = checkPhone(digits, code);
  if (broken) fail('PHONE_INVALID', { msg: broken });
  return { phone: digits, areaCode: code };
}

/** Emails are compared lower-cased. */
export function parseEmail(email: string): string {
  const value = email.trim().toLowerCase();
  if (checkEmail(value)) fail('EMAIL_INVALID');
  return value;
}

/** Where a code goes: `86 13800138000` or an email. */
export const phoneDestination = (p: Phone): string => `${p.areaCode} ${p.phone}`;

/** The destination as a screen may show it: 138****8000, ab***@example.com. */
export function maskDestination(channel: CodeChannel, destination: string): string {
  if (channel === 'email') return maskEmail(destination);
  const phone = destination.split(' ').pop() ?? '';
  const keep = phone.length >= 7 ? 3 : 1;
  return `${phone.slice(0, keep)}****${phone.slice(-Math.min(4, phone.length - keep))}`;
}

/** Where a member's codes go by this channel: the bound phone or email, or null if none is bound. */
export function boundDestination(member: { phone: string | null; areaCode: string | null; email: string | null }, channel: CodeChannel): string | null {
  if (channel === 'email') return member.email;
  return member.phone ? phoneDestination({ phone: member.phone, areaCode: member.areaCode ?? CHINA_AREA_CODE }) : null;
}
