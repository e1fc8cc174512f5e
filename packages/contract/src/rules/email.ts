import { Errors } from '../errors/index.ts';

export const EMAIL_MAX_LENGTH = 64;
const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

/** An email address: a name, `@`, a domain with a top level of letters; at most 64 characters. Returns the message when broken, else null. */
export function checkEmail(email: string): string | null {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email) ? null : Errors.EMAIL_INVALID.msg;
}

/** An email as a screen shows it: the first two letters of the name, then `***`: ab***@example.com. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? email : `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}
