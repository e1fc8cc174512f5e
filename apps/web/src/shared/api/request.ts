import i18n from 'i18next';
import { Errors, VERIFY_TICKET_FIELD, Headers, newNonce, type ApiBody, type ApiData, type ApiPath, type IdempotentPath, type NeedSafeData } from '@bp/contract';
import { session } from '../session/session.ts';
import { cacheKey, readCache } from './cache.ts';
import { effects } from './effects.ts';
import { apiEvents } from './events.ts';
import { EXEMPT_PAGES, TIMING, credentialFreeFailureCode, isTokenBlanked, reactionTo, timeoutFor } from './policy.ts';
import { TransportFailure, apiSettings, transmit, type Outgoing } from './transport.ts';

/** A call that did not succeed: its catalogue code, zh-CN message and the answer's data. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
  }
}

export interface CallOptions {
  method?: 'GET' | 'POST';
  query?: Outgoing['query'];
  /** Keep the answer in the local read cache this long (seed 7). */
  cacheMs?: number;
  /** The caller shows ordinary failures itself (no toast); the seed's special codes still act. */
  silent?: boolean;
  timeoutMs?: number;
  plainAnswer?: boolean;
  /** Extra headers (kept when a verified call is sent again). */
  headers?: Record<string, string>;
  /** A multipart body instead of the JSON one (file uploads). */
  form?: FormData;
  /** A money call's `Idempotency-Key`: one per intent, the same on every try. */
  idempotencyKey?: string;
}

/** A call's options: a money call (the route table's `idempotent`) must carry its intent's key. */
type OptionsOf<P extends ApiPath> = P extends IdempotentPath ? [options: CallOptions & { idempotencyKey: string }] : [options?: CallOptions];

/** A fresh `Idempotency-Key` for one money-moving intent: create it once, send it with every try. */
export const newIdempotencyKey = (): string => newNonce();

/** A money call whose refusals the screen shows itself, under its intent's key. */
export const keyed = (idempotencyKey: string) => ({ silent: true, idempotencyKey });

const MAX_VERIFY_ROUNDS = 3;
const MESSAGE_TOAST_MS = 2_000;

let credentialFreeFailures = 0;
let blockadeUntil = 0;

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Test hook: forget the counters of earlier calls. */
export function resetRequestState(): void {
  credentialFreeFailures = 0;
  blockadeUntil = 0;
}

/**
 * The one common path every call takes (seed 7 and 8): a path of the contract's route table, whose
 * body and answer types follow from it. Resolves the envelope's `data` on code 0; otherwise reacts
 * as the error catalogue says and rejects with an ApiError.
 */
export async function call<P extends ApiPath>(path: P, body: ApiBody<P>, ...[options = {}]: OptionsOf<P>): Promise<ApiData<P>> {
  type T = ApiData<P>;
  const method = options.method ?? 'POST';
  const token = isTokenBlanked(path) ? '' : session.token();
  // Per site: a phone opened for another site must not show the first one's banners for a minute.
  const key = options.cacheMs ? cacheKey(path, { body, query: options.query, site: apiSettings.siteId }, token) : null;
  if (key) {
    const hit = readCache.get<T>(key);
    if (hit !== undefined) return hit;
  }
  const { idempotencyKey } = options;
  const out: Outgoing = {
    method,
    path,
    query: options.query,
    body: method === 'POST' ? (body as Record<string, unknown>) : undefined,
    token,
    timeoutMs: options.timeoutMs ?? timeoutFor(token),
    plainAnswer: options.plainAnswer,
    headers: idempotencyKey ? { ...options.headers, [Headers.idempotencyKey]: idempotencyKey } : options.headers,
    form: options.form,
  };
  const data = (await exchange(out, options, 0)) as T;
  if (key) readCache.set(key, data, options.cacheMs!);
  return data;
}

async function exchange(out: Outgoing, options: CallOptions, round: number): Promise<unknown> {
  let status: number;
  let envelope;
  try {
    ({ status, envelope } = await transmit(out));
  } catch (err) {
    if (err instanceof TransportFailure) throw transportError(err, out);
    throw err;
  }
  if (!out.token) credentialFreeFailures = 0;
  if (status === 401) apiEvents.emit('logout');
  const { code, data, msg } = envelope;
  const reaction = reactionTo(code, data, out.path);
  const fx = effects();
  const onExemptPage = () => EXEMPT_PAGES.includes(fx.currentPath());
  switch (reaction.kind) {
    case 'success':
      return data;
    case 'quiet':
      break;
    case 'sessionLoss':
      if (out.token && out.token === session.token()) endSession(msg);
      else if (!out.token) fx.loginRequired();
      break;
    case 'blockade':
      if (Date.now() >= blockadeUntil) {
        blockadeUntil = Date.now() + TIMING.blockadeLockMs;
        endSession(msg);
      }
      break;
    case 'caveat':
      if (!onExemptPage()) fx.navigate(reaction.to, data);
      break;
    case 'restriction':
      session.clear();
      readCache.clear();
      if (!onExemptPage()) fx.navigate('/access-restriction', data);
      break;
    case 'maintenance':
      if (!onExemptPage()) fx.navigate('/maintenance', data);
      break;
    case 'blacklist':
      void fx.alert({ title: i18n.t('api.warmTips'), content: msg }).then(() => fx.navigate('/app/home'));
      break;
    case 'needSafe':
      return verifyAndResend(out, options, round, data as NeedSafeData, msg);
    case 'robotCheck':
      fx.navigate('/verify', { from: fx.currentPath() });
      throw new ApiError(Errors.INTERNAL.code, Errors.INTERNAL.msg, data);
    case 'generic':
      if (!options.silent) fx.toast(Errors.INTERNAL.msg, MESSAGE_TOAST_MS);
      throw new ApiError(code, Errors.INTERNAL.msg, data);
    case 'message':
      if (!options.silent && msg) fx.toast(msg, MESSAGE_TOAST_MS);
      break;
  }
  throw new ApiError(code, msg, data);
}

/** A session ended elsewhere (the realtime channel said so): the same as losing it on a call. */
export function sessionEnded(token: string, msg: string): void {
  if (token && token === session.token()) endSession(msg);
}

/** Session loss (seed 4): clear user info, token and flags, alert the server's message, go to /login. */
function endSession(msg: string): void {
  const fx = effects();
  const from = fx.currentPath();
  session.clear();
  readCache.clear();
  void fx.alert({ title: i18n.t('api.warmTips'), content: msg });
  fx.navigate(from.startsWith('/app/') ? `/login?fromPage=${encodeURIComponent(from)}` : '/login');
}

/**
 * Security verification (seed 4): the dialog opens, the call waits; the member's ticket is merged
 * into the original request, which goes again after 500 ms. Closing the dialog cancels the call.
 */
async function verifyAndResend(out: Outgoing, options: CallOptions, round: number, need: NeedSafeData, msg: string): Promise<unknown> {
  if (round >= MAX_VERIFY_ROUNDS) throw new ApiError(Errors.NEED_SAFE.code, msg, need);
  const ticket = await effects().verify(need);
  if (!ticket) throw new ApiError(Errors.REQUEST_CLOSED.code, Errors.REQUEST_CLOSED.msg, need);
  await sleep(TIMING.verifyRetryMs);
  const again: Outgoing =
    out.method === 'POST'
      ? { ...out, body: { ...out.body, [VERIFY_TICKET_FIELD]: ticket } }
      : { ...out, headers: { ...out.headers, [Headers.verifyTicket]: ticket } };
  return exchange(again, options, round + 1);
}

/** Seed 8: a time-out toasts for 1.5 s; a network failure toasts with the HTTP status for 1 s. */
function transportError(failure: TransportFailure, out: Outgoing): ApiError {
  const fx = effects();
  if (failure.kind === 'timeout') {
    fx.toast(i18n.t('api.timeoutToast'), TIMING.timeoutToastMs);
    return new ApiError(Errors.TIMEOUT.code, Errors.TIMEOUT.msg);
  }
  fx.toast(i18n.t('api.networkToast', { status: failure.status ?? '' }).trim(), TIMING.networkToastMs);
  const code = out.token ? Errors.NETWORK_ABNORMAL.code : credentialFreeFailureCode(credentialFreeFailures++);
  return new ApiError(code, code === Errors.LINE_ABNORMAL.code ? Errors.LINE_ABNORMAL.msg : Errors.NETWORK_ABNORMAL.msg);
}
