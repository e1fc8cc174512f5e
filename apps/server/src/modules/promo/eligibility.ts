import { ACTIVITY_RULES, MemberTags } from '@bp/contract';
import { fail } from '../../platform/http/index.ts';
import type { ActivityRow } from './activities.ts';

/**
 * The operator's eligibility of an activity (its config's `eligibility`): a minimum VIP level and
 * tags kept out; the activity blacklist keeps a member out of every activity whatever it says.
 */
const eligibilityOf = (a: ActivityRow) => ACTIVITY_RULES[a.kind].config.parse(a.config).eligibility;

const TAG_WORDS: Record<string, string> = { [MemberTags.ACTIVITY_BLACKLIST]: '活动黑名单', [MemberTags.NO_LEVEL_BONUS]: '无等级礼金' };

/** Why this member may not take part (null: they may). */
export function ineligibility(a: ActivityRow, member: { vipLevel: number; tags: string[] }): string | null {
  const e = eligibilityOf(a);
  if (member.vipLevel < e.minVipLevel) return `本活动仅限VIP${e.minVipLevel}及以上会员参与`;
  if (member.tags.some((t) => e.excludedTags.includes(t))) return '您的账户暂不符合本活动的参与条件';
  return null;
}

/** Whether a member gets nothing of the activity: on the activity blacklist, or kept out by its eligibility (the passes that grant unasked). */
export const shutOut = (a: ActivityRow, member: { vipLevel: number; tags: string[] }): boolean =>
  member.tags.includes(MemberTags.ACTIVITY_BLACKLIST) || ineligibility(a, member) !== null;

/** Refuses a member the activity does not admit, with the reason. */
export function checkEligible(a: ActivityRow, member: { vipLevel: number; tags: string[] }): void {
  const why = ineligibility(a, member);
  if (why) fail('ACTIVITY_NOT_ELIGIBLE', { msg: why });
}

/** The eligibility as rule lines members read (none when everyone may take part). */
export function eligibilityRules(a: ActivityRow): string[] {
  const e = eligibilityOf(a);
  return [
    ...(e.minVipLevel > 0 ? [`仅限VIP${e.minVipLevel}及以上会员参与。`] : []),
    ...(e.excludedTags.length > 0 ? [`${e.excludedTags.map((t) => TAG_WORDS[t] ?? t).join('、')}会员不可参与。`] : []),
  ];
}
