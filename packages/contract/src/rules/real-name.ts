import { RuleMessages } from './messages.ts';

/** Marks accepted between the parts of a name: the middle dot and its look-alikes, and the space. */
const MIDDLE_DOTS = '·・•';
const SEPARATOR = `[${MIDDLE_DOTS} ]`;

const CHINESE_NAME = new RegExp(`^\\p{Script=Han}+(?:${SEPARATOR}\\p{Script=Han}+)*$`, 'u');
const LATIN_NAME = new RegExp(`^[A-Za-z]+(?:${SEPARATOR}[A-Za-z]+)*$`);
/** The alternative rule: letters of any script, parts joined by exactly one space, dot or middle dot. */
const ALT_NAME = new RegExp(`^\\p{L}+(?:[ .${MIDDLE_DOTS}]\\p{L}+)*$`, 'u');

const lengthOf = (value: string): number => [...value].length;

/**
 * Seed 5, real name: Chinese 2 to 24 characters, or Latin 4 to 48, the parts separated by one
 * middle dot or space (阿卜杜拉·买买提, John Smith). Returns the message when broken, else null.
 */
export function checkRealName(value: string): string | null {
  const length = lengthOf(value);
  if (CHINESE_NAME.test(value) && length >= 2 && length <= 24) return null;
  if (LATIN_NAME.test(value) && length >= 4 && length <= 48) return null;
  return RuleMessages.realName;
}

/**
 * Seed 5, the alternative real-name rule: 2 to 24 characters; no double spaces, dots or middle
 * dots, no dot next to a space (two marks in a row are refused), and no leading or trailing dot,
 * dot-like mark or space.
 */
export function checkRealNameAlt(value: string): string | null {
  const length = lengthOf(value);
  return ALT_NAME.test(value) && length >= 2 && length <= 24 ? null : RuleMessages.realNameAlt;
}
