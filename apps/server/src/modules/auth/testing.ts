import { randomUUID } from 'node:crypto';
import { CAPTCHA_IMAGE_PATH, SLIDER_MIN_DRAG_MS } from '@bp/contract';
import type { TestServer } from '../../test/harness.ts';
import { watchPictures, type Seen } from './pictures.ts';

/**
 * Test helpers for the verification flows: they look at the pictures the server draws as a person
 * would (watchPictures) and answer through the real calls.
 */
async function seeing<T>(draw: () => Promise<T>): Promise<{ result: T; seen: Seen }> {
  let seen: Seen | null = null;
  const stop = watchPictures((s) => (seen = s));
  try {
    const result = await draw();
    if (!seen) throw new Error('no picture was drawn');
    return { result, seen };
  } finally {
    stop();
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fetches the login captcha for a fresh uuid and reads it: `{captchaId, captcha}` for a login body. */
export async function readCaptcha(s: TestServer, headers: Record<string, string> = {}): Promise<{ captchaId: string; captcha: string }> {
  const captchaId = randomUUID();
  const { seen } = await seeing(() => s.inject({ method: 'GET', url: `${CAPTCHA_IMAGE_PATH}?uuid=${captchaId}`, headers }));
  if (seen.kind !== 'code') throw new Error('expected a code picture');
  return { captchaId, captcha: seen.text };
}

/** Draws a slider for a scene and tells where the notch is, without answering it. */
export async function drawSlider(s: TestServer, scene: string, headers: Record<string, string> = {}): Promise<{ captchaId: string; notchX: number }> {
  const { result, seen } = await seeing(() => s.inject({ method: 'POST', url: '/api/captchaEx/get', payload: { scene, verifyType: 'slider' }, headers }));
  if (seen.kind !== 'slider') throw new Error('expected a slider');
  return { captchaId: result.json().data.captchaId, notchX: seen.notchX };
}

/** Solves a slider for a scene like a person (a drag of a quarter second) and returns the ticket. */
export async function solveSlider(s: TestServer, scene: string, headers: Record<string, string> = {}): Promise<string> {
  const { captchaId, notchX } = await drawSlider(s, scene, headers);
  await pause(SLIDER_MIN_DRAG_MS + 50);
  const res = await s.inject({
    method: 'POST',
    url: '/api/captchaEx/check',
    payload: { captchaId, answer: notchX + 2, durationMs: SLIDER_MIN_DRAG_MS + 40 },
    headers,
  });
  const body = res.json();
  if (body.code !== 0) throw new Error(`slider not accepted: ${res.body}`);
  return body.data.ticket;
}
