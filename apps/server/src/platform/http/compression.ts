import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_ABOVE_BYTES = 1024;

/**
 * Answers over 1 KB go compressed, brotli or gzip as the client accepts (a sports board is tens of
 * KB of JSON). Brotli at quality 4: most of its gain at a small part of the CPU of its default 11,
 * which would cost more per request than the answer itself. The built site's files come
 * precompressed (platform/web.ts) and are left as they are.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_ABOVE_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
