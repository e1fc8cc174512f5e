import type { VerifyType } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { getConfig } from '../site/index.ts';

/** The site config keys accounts read, with the defaults that apply when a key is not set. */
export interface AuthSettings {
  /** Failed logins for a name before login asks for verification (seed 3). */
  loginVerifyTriggerTimes: number;
  /** What login asks for then: the image captcha, or the slider (security verification). */
  loginVerifyType: VerifyType;
  /** '1': registration needs the image captcha (seed 3). */
  fastRegisterVerify: boolean;
  /** '1': registration needs a phone number (seed 3). */
  registerPhoneNumber: boolean;
  /** Days without a login after which a member is dormant. */
  memberSleepDays: number;
  /** Codes an IP may ask for in an hour before the robot check. */
  sendCodeFreeTimes: number;
}

const KEYS = ['login_verify_trigger_times', 'login_verify_type', 'fast_register_verify', 'register_phone_number', 'member_sleep_days', 'send_code_free_times'];

const positive = (value: string | null, fallback: number) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : fallback;
};

export async function authSettings(db: Db, siteId: number): Promise<AuthSettings> {
  const c = await getConfig(db, siteId, KEYS);
  return {
    loginVerifyTriggerTimes: positive(c.login_verify_trigger_times, 3),
    loginVerifyType: c.login_verify_type === 'slider' ? 'slider' : 'image',
    fastRegisterVerify: c.fast_register_verify === '1',
    registerPhoneNumber: c.register_phone_number === '1',
    memberSleepDays: positive(c.member_sleep_days, 90),
    sendCodeFreeTimes: positive(c.send_code_free_times, 5),
  };
}
