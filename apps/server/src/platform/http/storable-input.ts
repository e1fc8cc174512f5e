import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { hookWhere } from './route-hooks.ts';

/**
 * NUL (PostgreSQL text cannot hold it) and a lone surrogate (no UTF-8 encoding exists for it):
 * no field of any contract means either, and each failed deep in a query as a 500.
 */
const LONE_SURROGATE = /\p{Cs}/u;
const unstorable = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** Deeper than any contract nests: what goes deeper is refused before anything else walks it. */
const MAX_DEPTH = 32;

const refuse = (path: Array<string | number>, msg: string): never => {
  const field = path.length > 0 ? path.join('.') : null;
  throw new AppError('VALIDATION', { msg: field ? `${field}: ${msg}` : msg, data: { field } });
};

/** Walks parsed JSON, a query or path parameters (bytes are no text) and refuses what cannot be stored. */
function check(value: unknown, path: Array<string | number>): void {
  if (typeof value === 'string') {
    if (unstorable(value)) refuse(path, '包含非法字符');
    return;
  }
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return;
  if (path.length >= MAX_DEPTH) refuse([], '请求内容嵌套过深');
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      check(value[i], path);
      path.pop();
    }
    return;
  }
  for (const key of Object.keys(value)) {
    if (unstorable(key)) refuse(path, '包含非法字符');
    path.push(key);
    check((value as Record<string, unknown>)[key], path);
    path.pop();
  }
}

/** Every request's input, once the guard has opened an `xx` body: its body, query and path parameters. */
function checkInput(req: FastifyRequest, _reply: unknown, done: (err?: Error) => void): void {
  try {
    check(req.params, []);
    check(req.query, []);
    check(req.body, []);
    done();
  } catch (err) {
    done(err as Error);
  }
}

/**
 * Refuses unstorable text and absurd nesting with VALIDATION at the edge, for every field of every
 * route. A route-level hook runs after the instance's own preValidation hooks: the security guard
 * has replaced a sealed `xx` body by the body it carries by then, so that body is checked too.
 */
export function installInputCheck(app: FastifyInstance): void {
  hookWhere(app, 'preValidation', () => true, checkInput);
}
