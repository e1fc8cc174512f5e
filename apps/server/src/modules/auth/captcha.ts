import { createHash } from 'node:crypto';
import { fail } from '../../platform/http/index.ts';
import type { ChallengeStore } from './challenge-store.ts';
import { codePicture } from './pictures.ts';

/**
 * The login image captcha: `GET /api/captcha/image?uuid=` draws a code for the client's uuid;
 * login (or register, or reactivation) sends `captchaId: uuid, captcha: text`. One try per picture.
 */
export const CAPTCHA_TTL_MS = 120_000;

const key = (siteId: number, uuid: string) => `img:${siteId}:${uuid}`;
const hashText = (text: string) => createHash('sha256').update(text.trim().toUpperCase()).digest('hex');

export async function drawCaptcha(store: ChallengeStore, siteId: number, uuid: string): Promise<string> {
  const { svg, text } = codePicture();
  await store.put(key(siteId, uuid), { hash: hashText(text) }, CAPTCHA_TTL_MS);
  return svg;
}

/** CAPTCHA_REQUIRED without an answer; VERIFY_CODE (10409) for a wrong, used or expired one. */
export async function checkCaptcha(store: ChallengeStore, siteId: number, body: { captchaId?: string; captcha?: string }): Promise<void> {
  if (!body.captchaId || !body.captcha) fail('CAPTCHA_REQUIRED');
  const held = await store.take<{ hash: string }>(key(siteId, body.captchaId!));
  if (!held) fail('VERIFY_CODE', { msg: '图形验证码已过期，请刷新' });
  if (held!.hash !== hashText(body.captcha!)) fail('VERIFY_CODE');
}
