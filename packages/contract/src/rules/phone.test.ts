import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkPhone, normalizeAreaCode, PHONE_LIMITS } from './phone.ts';
import { RuleMessages } from './messages.ts';
import { phoneSchema, refinePhone } from './schemas.ts';

describe('phone rule', () => {
  it('[S5-05] a China number is 11 digits starting with 1', () => {
    expect(PHONE_LIMITS.china).toBe(11);
    expect(checkPhone('13800138000')).toBeNull();
    expect(checkPhone('13800138000', '+86')).toBeNull();
    expect(checkPhone('13800138000', '0086')).toBeNull();
    for (const bad of ['23800138000', '1380013800', '138001380000', '1380013800a', '']) {
      expect(checkPhone(bad, '86'), bad).toBe(RuleMessages.phoneChina);
    }
  });

  it('[S5-05] an overseas number is 4 to 13 digits', () => {
    expect(checkPhone('1234', '852')).toBeNull();
    expect(checkPhone('1234567890123', '+1')).toBeNull();
    expect(checkPhone('0812345678', '63')).toBeNull();
    for (const bad of ['123', '12345678901234', '12-3456', '']) expect(checkPhone(bad, '852'), bad).toBe(RuleMessages.phoneOverseas);
  });

  it('[S5-05] area codes are normalised, absent meaning China', () => {
    expect(normalizeAreaCode(undefined)).toBe('86');
    expect(normalizeAreaCode('+852')).toBe('852');
    expect(normalizeAreaCode('00852')).toBe('852');
  });

  it('[S5-05] the zod forms check a number alone and against its area code', () => {
    expect(phoneSchema.safeParse('13800138000').success).toBe(true);
    expect(phoneSchema.safeParse('1234').error?.issues[0].message).toBe(RuleMessages.phoneChina);
    const form = z.object({ phone: z.string(), areaCode: z.string().optional() }).superRefine(refinePhone);
    expect(form.safeParse({ phone: '1234', areaCode: '852' }).success).toBe(true);
    const bad = form.safeParse({ phone: '1234', areaCode: '86' });
    expect(bad.error?.issues[0]).toMatchObject({ message: RuleMessages.phoneChina, path: ['phone'] });
  });
});
