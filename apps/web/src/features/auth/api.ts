import { useQuery } from '@tanstack/react-query';
import {
  BUILD,
  CAPTCHA_IMAGE_PATH,
  HELP_TERMS_CATEGORY,
  LOGIN_PATH,
  forgetPath,
  loginDigest,
  type ApiBody,
  type ForgetChannel,
  type VerifyType,
} from '@bp/contract';
import { call } from '../../shared/api/request.ts';
import { deviceUuid } from '../../shared/storage/device.ts';

export interface LoginInput {
  name: string;
  password: string;
  captcha?: string;
}

/** The password leaves the device only as its digest (seed 5: 32 characters = already hashed). */
const credentials = (name: string, password: string) => ({ name: name.trim(), password: loginDigest(name.trim(), password) });

/** The answer to this device's picture captcha. */
const pictureAnswer = (captcha: string) => ({ captchaId: deviceUuid(), captcha });

/** The accounts calls (seed 7: auth). Names are lower-cased for hashing (seed 5). */
export const authApi = {
  login: ({ name, password, captcha }: LoginInput) =>
    call(
      LOGIN_PATH,
      { ...credentials(name, password), version: BUILD.version, timewd: Date.now(), ...(captcha ? pictureAnswer(captcha) : {}) },
      { silent: true },
    ),
  memberSleep: (name: string) => call('/api/member/isMemberSleep', { name: name.trim() }, { silent: true }),
  /**
   * A dormant member wakes with the password and either the picture's code or a code sent to the
   * bound phone, and is logged in (seed 7: activeMemberSleep).
   */
  activate: (name: string, password: string, proof: { captcha: string } | { smsCode: string }) =>
    call(
      '/api/member/activeMemberSleep',
      { ...credentials(name, password), ...('smsCode' in proof ? { type: 'sms', code: proof.smsCode } : pictureAnswer(proof.captcha)) },
      { silent: true },
    ),
  /** A code to a dormant member's bound phone, to wake the account with. */
  sendWakeCode: (name: string) => call('/api/member/sendCode', { type: 'sms', scene: 'activate', name: name.trim() }, { silent: true }),
  register: (body: ApiBody<'/api/member/register/v4'>) => call('/api/member/register/v4', body, { silent: true }),
  checkName: (name: string) => call('/api/member/checkName/v2', { name }, { silent: true }),
  forgetStep1: (channel: ForgetChannel, body: ApiBody<ReturnType<typeof forgetPath<ForgetChannel, 1>>>) => call(forgetPath(channel, 1), body, { silent: true }),
  forgetStep2: (channel: ForgetChannel, ticket: string, code: string) => call(forgetPath(channel, 2), { ticket, code }, { silent: true }),
  forgetStep3: (channel: ForgetChannel, ticket: string, password: string) => call(forgetPath(channel, 3), { ticket, password }, { silent: true }),
  captchaGet: (scene: string, verifyType: VerifyType) => call('/api/captchaEx/get', { scene, verifyType }, { silent: true }),
  captchaCheck: (captchaId: string, answer: number | string, durationMs?: number) =>
    call('/api/captchaEx/check', { captchaId, answer, ...(durationMs !== undefined ? { durationMs } : {}) }, { silent: true }),
  /** The robot check's pass: the answer's rqiab header is kept by the common path (seed 7). */
  humanCheck: (ticket: string) => call('/api/gw/ic/verify', { ticket }, { silent: true }),
  /** The site's terms a new member accepts: the articles of the help centre's terms category. */
  terms: async () =>
    (await call('/api/member/help/categories', {}, { silent: true, cacheMs: 600_000 })).find((c) => c.name === HELP_TERMS_CATEGORY)?.articles ?? [],
  termArticle: (id: number) => call('/api/member/help/article', { id }, { silent: true }),
};

export const useTerms = () => useQuery({ queryKey: ['auth', 'terms'], queryFn: authApi.terms, staleTime: 600_000 });
export const useTermArticle = (id: number) => useQuery({ queryKey: ['auth', 'terms', id], queryFn: () => authApi.termArticle(id), staleTime: 600_000 });

/** The login image captcha's picture for this device; `n` changes it. */
export const captchaImageUrl = (n: number): string => `${CAPTCHA_IMAGE_PATH}?uuid=${encodeURIComponent(deviceUuid())}&n=${n}`;
