import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** A year, never revalidated: what a browser may keep of a file whose content never changes under its name. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';

/**
 * Serves a folder of pictures shipped with the server (demo banners, icons, avatars) under `prefix`,
 * cached by browsers for good, as the web build's hashed files are: the home page's icons are then
 * fetched once per phone, not once a day. The rule that makes it safe: a bundled file is never
 * changed in place; a new picture gets a new name (and the content that points at it the new URL).
 */
export async function serveBundledAssets(app: FastifyInstance, root: string, prefix: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix,
    decorateReply: false,
    index: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('cache-control', IMMUTABLE_CACHE),
  });
}
