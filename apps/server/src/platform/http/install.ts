import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyServerOptions } from 'fastify';
import { hasZodFastifySchemaValidationErrors, validatorCompiler } from 'fastify-type-provider-zod';
import { serializerCompiler } from './serializer.ts';
import { z } from 'zod';
import { Errors, type ErrorName } from '@bp/contract';
import { AppError } from './errors.ts';
import { installInFlight } from './in-flight.ts';
import { installInputCheck } from './storable-input.ts';
import { isRetryable } from '../db/retry.ts';

z.config(z.locales.zhCN());

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as it arrived (signatures are computed over it). */
    rawBody?: string;
  }
}

const BODY_LIMIT = 1024 * 1024;

/** The content type of every answer of the API. */
export const JSON_TYPE = 'application/json; charset=utf-8';

const envelopeText = (key: ErrorName, msg?: string, data: unknown = null) => JSON.stringify({ code: Errors[key].code, data, msg: msg ?? Errors[key].msg });

/** Sends an envelope as a finished string, so no route serializer reshapes it. */
export function sendEnvelope(reply: FastifyReply, status: number, key: ErrorName, msg?: string, data: unknown = null) {
  return reply
    .status(status)
    .type(JSON_TYPE)
    .send(envelopeText(key, msg, data));
}

/** Fastify's own refusals before any route: a malformed URL, or a path parameter over its length. */
const frameworkErrors: FastifyServerOptions['frameworkErrors'] = (err, _req, reply) => {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return sendEnvelope(reply, 414, 'REQUEST_TOO_LONG');
  if (err.code === 'FST_ERR_BAD_URL') return sendEnvelope(reply, 400, 'VALIDATION', '请求地址无效');
  return sendEnvelope(reply, 500, 'INTERNAL');
};

/** What Node's HTTP parser refuses before Fastify sees a request: headers too large, a timeout, broken HTTP. */
function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, body] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', envelopeText('REQUEST_TOO_LONG')]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', envelopeText('TIMEOUT')]
        : [400, 'Bad Request', envelopeText('BAD_JSON')];
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${text}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(err);
}

/** Options of the Fastify instance itself, so that even the answers it gives before any hook are envelopes. */
export const HTTP_OPTIONS = { bodyLimit: BODY_LIMIT, frameworkErrors, clientErrorHandler } satisfies FastifyServerOptions;

/**
 * The HTTP platform: zod schemas, JSON bodies kept raw for signatures, and every failure answered
 * as an envelope with a catalogue code (API.md: 200, or 400/401/413/429 where it says).
 */
export function installHttp(app: FastifyInstance): void {
  app.decorateRequest('routeRead', null);
  installInFlight(app);
  installInputCheck(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (req, body, done) => {
    const text = body as string;
    req.rawBody = text;
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('BAD_JSON', { httpStatus: 400 }), undefined);
    }
  });
  // Anything else is not JSON: the seed's calls all speak JSON (older form bodies are not served).
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: BODY_LIMIT }, (req, _body, done) => {
    done(new AppError('BAD_JSON', { httpStatus: 400 }), undefined);
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return sendEnvelope(reply, err.httpStatus, err.key, err.message, err.data);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const field = issue?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || null;
      const msg = issue?.message ? (field ? `${field}: ${issue.message}` : issue.message) : Errors.VALIDATION.msg;
      return sendEnvelope(reply, 200, 'VALIDATION', msg, { field });
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return sendEnvelope(reply, 413, 'BODY_TOO_LARGE');
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err instanceof SyntaxError) {
      return sendEnvelope(reply, 400, 'BAD_JSON');
    }
    if (err.statusCode === 429) return sendEnvelope(reply, 429, 'HIGH_TRAFFIC');
    // Any other refusal of the framework or a plugin: its status, and our words rather than its English.
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      req.log.info({ err }, 'request refused');
      return sendEnvelope(reply, err.statusCode, 'VALIDATION');
    }
    // Retried already (platform/db): what still lost its race is answered as a busy moment.
    if (isRetryable(err)) return sendEnvelope(reply, 503, 'HIGH_TRAFFIC');
    req.log.error({ err }, 'unhandled error');
    return sendEnvelope(reply, 500, 'INTERNAL');
  });

  app.setNotFoundHandler((req, reply) => sendEnvelope(reply, 404, 'ROUTE_NOT_FOUND'));
}
