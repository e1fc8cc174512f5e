import { DEV_CLIENT, Headers, SEALED_FIELD, decryptPayload, encryptPayload, type NeedSafeData } from '@bp/contract';
import { installEffects } from './effects.ts';
import { apiSettings } from './transport.ts';

/**
 * Test kit of the common path: a network that answers as a scripted server would (including
 * sealed `xx` answers), and a screen that records what the path asked it to show. The path itself,
 * the session and the crypto are the real ones.
 */
export interface Sent {
  url: string;
  path: string;
  method: string;
  headers: Record<string, string>;
  rawBody: string;
  /** The body as the server reads it: unsealed when it came as `xx`. */
  body: Record<string, unknown> | null;
  at: number;
}

export type Answer = { status?: number; body: unknown; seal?: boolean } | 'hang' | 'fail';

export function fakeNetwork(answer: (req: Sent) => Answer) {
  const sent: Sent[] = [];
  apiSettings.fetch = (input, init) => {
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>).map(([k, v]) => [k.toLowerCase(), v]));
    const rawBody = typeof init.body === 'string' ? init.body : '';
    const timestamp = headers[Headers.timestamp];
    let body: Record<string, unknown> | null = rawBody ? JSON.parse(rawBody) : null;
    if (body && typeof body[SEALED_FIELD] === 'string') body = JSON.parse(decryptPayload(body[SEALED_FIELD] as string, DEV_CLIENT.secret, timestamp));
    const req: Sent = { url: input, path: input.split('?')[0], method: init.method ?? 'GET', headers, rawBody, body, at: Date.now() };
    sent.push(req);
    const a = answer(req);
    if (a === 'fail') return Promise.reject(new TypeError('Failed to fetch'));
    // As fetch does: a signal aborted already refuses at once, else when it aborts.
    if (a === 'hang')
      return new Promise((_, reject) => {
        const refuse = () => reject(new DOMException('aborted', 'AbortError'));
        if (init.signal?.aborted) refuse();
        else init.signal?.addEventListener('abort', refuse);
      });
    const text = typeof a.body === 'string' ? a.body : JSON.stringify(a.body);
    const payload = a.seal ? JSON.stringify({ [SEALED_FIELD]: encryptPayload(text, DEV_CLIENT.secret, timestamp) }) : text;
    return Promise.resolve(new Response(payload, { status: a.status ?? 200, headers: { 'content-type': 'application/json' } }));
  };
  return sent;
}

export const ok = (data: unknown) => ({ body: { code: 0, data, msg: 'success' } });
export const failure = (code: number, msg: string, data: unknown = null, status = 200) => ({ status, body: { code, data, msg } });

export interface ScreenLog {
  toasts: Array<[string, number]>;
  alerts: Array<{ title?: string; content: string }>;
  navigations: Array<[string, unknown]>;
  verifications: NeedSafeData[];
  reminders: number;
}

export function recordScreen(opts: { path?: string; ticket?: string | null } = {}): ScreenLog {
  const log: ScreenLog = { toasts: [], alerts: [], navigations: [], verifications: [], reminders: 0 };
  installEffects({
    toast: (text, ms) => log.toasts.push([text, ms]),
    alert: async (a) => void log.alerts.push(a),
    navigate: (path, state) => log.navigations.push([path, state]),
    currentPath: () => opts.path ?? '/app/home',
    verify: async (need) => {
      log.verifications.push(need);
      return opts.ticket ?? null;
    },
    loginRequired: () => void log.reminders++,
  });
  return log;
}

/** A `localStorage` for tests that run the path under Node (the session keeps its token there). */
export class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
  setItem(k: string, v: string) {
    this.map.set(k, String(v));
  }
}
