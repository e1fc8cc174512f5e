import { RuleMessages } from './messages.ts';

/** Seed 9: 11 digits in China, 4 to 13 overseas. */
export const PHONE_LIMITS = { china: 11, overseasMin: 4, overseasMax: 13 } as const;
export const CHINA_AREA_CODE = '86';

/** `+86`, `0086` and `86` are the same area code; absent means China. */
export function normalizeAreaCode(areaCode: string | null | undefined): string {
  const code = (areaCode ?? '').trim().replace(/^\+/, '').replace(/^00/, '');
  return code === '' ? CHINA_AREA_CODE : code;
}

export const isChinaAreaCode = (areaCode: string | null | undefined): boolean => normalizeAreaCode(areaCode) === CHINA_AREA_CODE;

/**
 * Seed 5, phone: in China 11 digits starting with 1; overseas 4 to 13 digits. Returns the message
 * when broken, else null.
 */
export function checkPhone(phone: string, areaCode?: string | null): string | null {
  if (isChinaAreaCode(areaCode)) return /^1\d{10}$/.test(phone) ? null : RuleMessages.phoneChina;
  const { overseasMin, overseasMax } = PHONE_LIMITS;
  return new RegExp(`^\\d{${overseasMin},${overseasMax}}$`).test(phone) ? null : RuleMessages.phoneOverseas;
}
