import i18n from 'i18next';
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
}

export type RegisterErrors = Partial<Record<keyof RegisterForm, string>>;

export function registerErrors(form: RegisterForm, opts: { phoneRequired: boolean }): RegisterErrors {
  const out: RegisterErrors = {};
  if (form.name && !NAME_PATTERN.test(form.name)) out.name = Errors.NAME_INVALID.msg;
  if (form.password) {
    const msg = passwordMessage(form.password, form.name || undefined);
    if (msg) out.password = msg;
  }
  if (form.confirm && form.confirm !== form.password) out.confirm = i18n.t('auth.mismatch');
  if ((opts.phoneRequired || form.phone) && form.phone) {
    const msg = checkPhone(form.phone, form.areaCode);
    if (msg) out.phone = msg;
  }
  return out;
}

/** Whether the form may be sent: every required field filled and no message showing. */
export function canSubmit(form: RegisterForm, errors: RegisterErrors, opts: { phoneRequired: boolean }): boolean {
  if (!form.name || !form.password || !form.confirm) return false;
  if (opts.phoneRequired && !form.phone) return false;
  return Object.keys(errors).length === 0;
}
