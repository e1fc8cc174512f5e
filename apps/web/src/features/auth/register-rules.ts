import i18n from 'i18next';
import { z } from 'zod';
import { Errors, NAME_PATTERN, checkPhone, passwordMessage } from '@bp/contract';

/**
 * The registration form's messages as the member types (seed 5), from the contract's rules so the
 * screen and the server say the same. An untouched empty field says nothing yet.
 */
export interface RegisterForm {
  name: string;
  password: string;
  confirm: string;
  phone: string;
  areaCode: string;
  i_code: string;
  captcha: string;
  /** The member says they are 18 or older and accepts the site's terms: unticked until they tick it. */
  adult: boolean;
}

export type RegisterErrors = Partial<Record<'name' | 'password' | 'confirm' | 'phone', string>>;

export function registerErrors(form: RegisterForm): RegisterErrors {
  const out: RegisterErrors = {};
  if (form.name && !NAME_PATTERN.test(form.name)) out.name = Errors.NAME_INVALID.msg;
  if (form.password) {
    const msg = passwordMessage(form.password, form.name || undefined);
    if (msg) out.password = msg;
  }
  if (form.confirm && form.confirm !== form.password) out.confirm = i18n.t('auth.mismatch');
  if (form.phone) {
    const msg = checkPhone(form.phone, form.areaCode);
    if (msg) out.phone = msg;
  }
  return out;
}

/**
 * The form's resolver schema: each field's message as above; a required field left empty fails
 * the form without a message under it, so nothing shows yet but the form is not sent.
 */
export const registerSchema = (opts: { phoneRequired: boolean }) =>
  z
    .object({
      name: z.string(),
      password: z.string(),
      confirm: z.string(),
      phone: z.string(),
      areaCode: z.string(),
      i_code: z.string(),
      captcha: z.string(),
      adult: z.boolean(),
    })
    .superRefine((form, ctx) => {
      const required: Array<keyof RegisterErrors> = opts.phoneRequired ? ['name', 'password', 'confirm', 'phone'] : ['name', 'password', 'confirm'];
      // Under no field: an untouched field says nothing (an empty message would read zod's own
      // 'Invalid input'), yet the form is not sent and the page says to complete it.
      if (required.some((key) => !form[key])) ctx.addIssue({ code: 'custom', path: ['incomplete'], message: i18n.t('auth.fixForm') });
      for (const [key, message] of Object.entries(registerErrors(form))) ctx.addIssue({ code: 'custom', path: [key], message });
      if (!form.adult) ctx.addIssue({ code: 'custom', path: ['adult'], message: i18n.t('auth.mustBeAdult') });
    });
