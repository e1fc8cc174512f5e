import { z } from 'zod';
import { checkAmount } from './amount.ts';
import { checkBankCard, compactCardNum } from './bank-card.ts';
import { checkPassword } from './password.ts';
import { checkPhone } from './phone.ts';
import { checkRealName } from './real-name.ts';
import { checkWithdrawPassword } from './withdraw-password.ts';
import { RuleMessages } from './messages.ts';
import { Errors } from '../errors/index.ts';

/**
 * Zod forms of the seed's rules, for request schemas. A broken rule fails validation with the
 * rule's zh-CN message (the server answers it as VALIDATION with that message).
 */
const ruled = <T extends z.ZodType>(schema: T, check: (value: z.output<T>) => string | null) =>
  schema.superRefine((value, ctx) => {
    const message = check(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });

/** A money amount on the wire: a positive number with at most 2 decimals, never rounded. */
export const amountSchema = (limits: { min?: number; max?: number } = {}) =>
  ruled(z.number({ error: RuleMessages.amountPositive }), (value) => {
    const broken = checkAmount(value);
    if (broken) return broken;
    if (limits.min !== undefined && value < limits.min) return `金额不能低于${limits.min}`;
    if (limits.max !== undefined && value > limits.max) return `金额不能高于${limits.max}`;
    return null;
  });

export const Amount = amountSchema();

/** A China mobile number (the default area code); use `checkPhone(phone, areaCode)` with an area code. */
export const phoneSchema = ruled(z.string().trim(), (value) => checkPhone(value));

/** Checks `phone` against `areaCode` on an object schema: `.superRefine(refinePhone)`. */
export function refinePhone(value: { phone?: string | null; areaCode?: string | null }, ctx: z.RefinementCtx): void {
  if (!value.phone) return;
  const message = checkPhone(value.phone, value.areaCode);
  if (message) ctx.addIssue({ code: 'custom', message, path: ['phone'] });
}

export const realNameSchema = ruled(z.string().trim(), checkRealName);

export const withdrawPasswordSchema = ruled(z.string(), checkWithdrawPassword);

/** A bank card number, spaces removed, passing the Luhn check. */
export const bankCardSchema = ruled(z.string(), checkBankCard).transform(compactCardNum);

/** Password shape alone (the name comparison needs the name: `checkPassword(password, name)`). */
export const passwordSchema = ruled(z.string(), (value) => {
  const broken = checkPassword(value);
  return broken ? Errors[broken].msg : null;
});

/** A string field with the form's max-length rule and its message. */
export const maxLengthSchema = (max: number, message: string = RuleMessages.maxLength(max)) =>
  z.string().refine((value) => [...value].length <= max, { error: message });
