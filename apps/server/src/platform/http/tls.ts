import fs from 'node:fs';
import type { Config } from '../config.ts';

/**
 * Fastify's options for HTTPS with HTTP/2 when the config names a certificate. One connection then
 * carries every file of a page at once (over HTTP/1.1 a phone opens six, one round trip per file);
 * HTTP/1.1 stays for older clients and for WebSocket upgrades.
 */
export function tlsServerOptions(tls: Config['tls']): object {
  if (!tls) return {};
  return {
    http2: true,
    https: { allowHTTP1: true, cert: fs.readFileSync(tls.certFile), key: fs.readFileSync(tls.keyFile) },
    // On close, each HTTP/2 session is told to go away (its requests in flight still finish):
    // otherwise a browser's idle session held the server's shutdown until the browser let go.
    forceCloseConnections: true,
  };
}
