import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { proxyTrust } from './proxy.ts';

/** A server with rate limits on, trusting `proxies`; its read limit (counted per IP) lowered to 3. */
async function limitedServer(proxies: string[]): Promise<TestServer> {
  const server = await startTestServer({ rateLimits: true, trustProxy: proxies });
  await server.siteConfig.set(1, 'rate_limit_read', '3');
  return server;
}

/** Four reads from the same connection, each claiming another client address. */
async function readsClaiming(server: TestServer, addresses: string[]): Promise<number[]> {
  const answers: number[] = [];
  for (const ip of addresses) answers.push((await server.inject({ method: 'GET', url: '/api/site/time', headers: { 'x-forwarded-for': ip } })).statusCode);
  return answers;
}

const ROTATING = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'];
const SAME = ['198.51.100.9', '198.51.100.9', '198.51.100.9', '198.51.100.9'];

describe('TRUST_PROXY', () => {
  it('[hardening] by default a rotating x-forwarded-for does not reset a per-IP limit', async () => {
    const shipped = loadConfig({}).trustProxy;
    expect(shipped).toEqual([]);
    const server = await limitedServer(shipped);
    try {
      expect(await readsClaiming(server, ROTATING)).toEqual([200, 200, 200, 429]);
    } finally {
      await server.close();
    }
  });

  it('[hardening] x-forwarded-for counts from a proxy TRUST_PROXY names, and from no other address', async () => {
    // The test client connects from 127.0.0.1.
    const behindProxy = await limitedServer(['127.0.0.1']);
    const otherProxy = await limitedServer(['10.0.0.0/8']);
    try {
      expect(await readsClaiming(behindProxy, ROTATING)).toEqual([200, 200, 200, 200]);
      expect(await readsClaiming(behindProxy, SAME)).toEqual([200, 200, 200, 429]);
      expect(await readsClaiming(otherProxy, ROTATING)).toEqual([200, 200, 200, 429]);
    } finally {
      await behindProxy.close();
      await otherProxy.close();
    }
  });

  it('takes addresses and CIDR ranges; `off` trusts none; a hop count or anything else stops the start', () => {
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.1, 192.168.0.0/16 ' }).trustProxy).toEqual(['10.0.0.1', '192.168.0.0/16']);
    expect(loadConfig({ TRUST_PROXY: 'off' }).trustProxy).toEqual([]);
    expect(proxyTrust([])).toBe(false);
    const trusts = proxyTrust(['10.0.0.1', '192.168.0.0/16', '::1']) as (address: string) => boolean;
    expect(['10.0.0.1', '192.168.4.5', '::ffff:192.168.4.5', '::1', '10.0.0.2', 'nonsense'].map(trusts)).toEqual([true, true, true, true, false, false]);
    for (const entry of ['1', 'true', '10.0.0.0/40']) expect(() => proxyTrust([entry]), entry).toThrow(/TRUST_PROXY/);
  });
});
