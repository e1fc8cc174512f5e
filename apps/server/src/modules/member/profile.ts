import { ADDRESS_MAX, ADDRESS_MIN, EARLIEST_BIRTHDAY, NICKNAME_MAX, NICKNAME_MIN, charCount, checkRealName, latestBirthday, shanghaiDay } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { fail } from '../../platform/http/index.ts';
import { setOnce, updateProfile } from '../auth/index.ts';
import { isAvatar } from './avatars.ts';

/**
 * The member's own profile fields. Text a member types is shown to others (nicknames in chat), so
 * markup and control characters are refused outright rather than quietly rewritten.
 */
const MARKUP = /[<>&"'`\\{}]|[\p{Cc}\u200b-\u200f\u2028\u2029\ufeff]/u;

export async function setNickname(db: Db, memberId: number, raw: string): Promise<string> {
  const nickname = raw.trim().replace(/\s+/g, ' ');
  const length = charCount(nickname);
  if (length < NICKNAME_MIN || length > NICKNAME_MAX || MARKUP.test(nickname)) fail('NICKNAME_INVALID');
  await updateProfile(db, memberId, { nickname });
  return nickname;
}

export async function setAvatar(db: Db, memberId: number, avatarId: string): Promise<void> {
  if (!isAvatar(avatarId)) fail('AVATAR_INVALID');
  await updateProfile(db, memberId, { avatar: avatarId });
}

export async function setAddress(db: Db, memberId: number, raw: string): Promise<string> {
  const address = raw.trim().replace(/\s+/g, ' ');
  const length = charCount(address);
  if (length < ADDRESS_MIN || length > ADDRESS_MAX || MARKUP.test(address)) fail('ADDRESS_INVALID');
  await updateProfile(db, memberId, { address });
  return address;
}

/** The real name is bound once (withdrawals are paid to it); a second binding is refused. */
export async function bindRealName(db: Db, memberId: number, raw: string): Promise<string> {
  const realName = raw.trim();
  const broken = checkRealName(realName);
  if (broken) fail('REAL_NAME_INVALID', { msg: broken });
  if (!(await setOnce(db, memberId, 'realName', realName))) fail('REAL_NAME_BOUND');
  return realName;
}

/** A real calendar day, between 1900 and the day the member turned 18 (Shanghai calendar). */
export function checkBirthday(value: string): void {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = match ? new Date(`${value}T00:00:00Z`) : null;
  if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) fail('BIRTHDAY_INVALID');
  if (value < EARLIEST_BIRTHDAY || value > latestBirthday(shanghaiDay(clock.now()))) fail('BIRTHDAY_INVALID');
}

/** The birthday is set once (the birthday bonus depends on it). */
export async function setBirthday(db: Db, memberId: number, value: string): Promise<string> {
  checkBirthday(value);
  if (!(await setOnce(db, memberId, 'birthday', value))) fail('BIRTHDAY_SET');
  return value;
}
