import type { z } from 'zod';
import type { API_ROUTES } from '@bp/contract';

/**
 * The console's one way to the server: a typed POST of a back-office call (its body and answer
 * from the contract's route table), with the operator's token. A refusal throws ApiError with the
 * catalogue's code and zh-CN message; a lost session (401) clears the token and returns to sign-in.
 */
type Routes = typeof API_ROUTES;
export type AdminPath = Extract<keyof Routes, `/api/admin/${string}`>;
export type BodyOf<P extends AdminPath> = Routes[P] extends { body: infer B extends z.ZodType } ? z.input<B> : never;
export type DataOf<P extends AdminPath> = Routes[P] extends { data: infer D extends z.ZodType } ? z.output<D> : never;

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status: number,
    readonly data: unknown,
  ) {
    super(message);
  }
}

const TOKEN_KEY = 'bp.admin.token';

export const session = {
  token: (): string | null => sessionStorage.getItem(TOKEN_KEY),
  set: (token: string) => sessionStorage.setItem(TOKEN_KEY, token),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

/** Told when the server ends the session (idle, logout elsewhere, disabled): the app goes to sign-in. */
let onSessionLost: (message: string) => void = () => undefined;
export const whenSessionLost = (handler: (message: string) => void) => (onSessionLost = handler);

/** A fresh Idempotency-Key: made once per intended action (a form opened), so a retry or a double click moves money once. */
export const newIdempotencyKey = (): string => `adm-${crypto.randomUUID()}`;

/** `idempotencyKey`: what a money-moving call (the route table's `idempotent`) needs. */
export async function call<P extends AdminPath>(path: P, body: BodyOf<P>, opts: { idempotencyKey?: string } = {}): Promise<DataOf<P>> {
  const token = session.token();
  const res = await fetch(path, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(opts.idempotencyKey ? { 'idempotency-key': opts.idempotencyKey } : {}),
    },
    body: JSON.stringify(body ?? {}),
  });
  const envelope = (await res.json().catch(() => null)) as { code: number; data: unknown; msg: string } | null;
  if (!envelope) throw new ApiError(-1, `服务器无响应（${res.status}）`, res.status, null);
  if (envelope.code !== 0) {
    const error = new ApiError(envelope.code, envelope.msg, res.status, envelope.data);
    if (res.status === 401 && path !== '/api/admin/auth/login') {
      session.clear();
      onSessionLost(envelope.msg);
    }
    throw error;
  }
  return envelope.data as DataOf<P>;
}
