import type { FastifyInstance, FastifyRequest } from 'fastify';
import { inRange, parseAddress, parseRange } from '../ip-ranges.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The connection comes from a proxy named in TRUST_PROXY: the headers it adds about the client count. */
    viaTrustedProxy: boolean;
  }
}

/** Whether a connecting address is one of our proxies (Fastify's trust function: it also gets the hop). */
export type ProxyTrust = (address: string) => boolean;

/**
 * TRUST_PROXY: the addresses and CIDR ranges of the proxies in front of us. Only a connection from
 * one of them has its `x-forwarded-for` believed; trusting anyone would let each client name a new
 * address per request and escape every per-IP limit. A hop count is refused: it cannot tell a
 * proxy from a client that connects directly (Fastify itself ignores one).
 */
export function proxyTrust(proxies: readonly string[]): ProxyTrust | false {
  if (proxies.length === 0) return false;
  const ranges = proxies.map((entry) => {
    const range = /^\d+$/.test(entry) ? null : parseRange(entry);
    if (!range) throw new Error(`TRUST_PROXY: "${entry}" is not an IP address or CIDR range of a proxy`);
    return range;
  });
  return (address) => {
    const addr = parseAddress(address);
    return addr !== null && ranges.some((range) => inRange(addr, range));
  };
}

/** `req.viaTrustedProxy`, for headers a proxy sets beside the forwarded address (the visitor's country). */
export function installProxyTrust(app: FastifyInstance, trust: ProxyTrust | false): void {
  app.decorateRequest('viaTrustedProxy', {
    getter(this: FastifyRequest) {
      return trust !== false && trust(this.socket.remoteAddress ?? '');
    },
  });
}
