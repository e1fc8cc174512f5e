import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { channel } from '@bp/contract';
import { loadConfig } from '../config.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { localCertificate } from '../../../../../scripts/local-certificate.mjs';

// The server's own TLS (TLS_CERT_FILE, TLS_KEY_FILE): HTTP/2 for browsers, HTTP/1.1 and WebSocket
// upgrades beside it, on one port. The clients trust the test's certificate as their CA.
let s: TestServer;
let dir: string;
let ca: Buffer;
let origin: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bp-tls-'));
  const { certFile, keyFile } = localCertificate(dir, 1);
  ca = fs.readFileSync(certFile);
  s = await startTestServer({ tls: { certFile, keyFile } });
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `https://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await s?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** One request over an HTTP/2 session: status, headers and the body (brotli undone). */
function h2Request(session: http2.ClientHttp2Session, method: string, url: string, body?: unknown) {
  return new Promise<{ status: number; headers: http2.IncomingHttpHeaders; json: { code: number; data: unknown } }>((resolve, reject) => {
    const req = session.request({ ':method': method, ':path': url, 'content-type': 'application/json', 'accept-encoding': 'br' });
    const chunks: Buffer[] = [];
    let headers: http2.IncomingHttpHeaders = {};
    req.on('response', (h) => (headers = h));
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const text = (headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw).toString();
      resolve({ status: Number(headers[':status']), headers, json: JSON.parse(text) });
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

describe('HTTPS with HTTP/2', () => {
  it('answers many calls at once over one HTTP/2 connection, compressed as over HTTP/1.1', async () => {
    const session = http2.connect(origin, { ca });
    try {
      const answers = await Promise.all([
        h2Request(session, 'GET', '/api/health'),
        h2Request(session, 'POST', '/api/sports/list', { page: 1, size: 50 }),
        h2Request(session, 'POST', '/api/member/login/v3', { name: 'demo8888', password: 'demo8888a' }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect(answers[1].json.code).toBe(0);
      expect(answers[1].headers['content-encoding']).toBe('br');
      expect(answers[2].json.code).toBe(0);
      expect((answers[2].json.data as { token: string }).token).toMatch(/\S{16,}/);
      expect(session.alpnProtocol).toBe('h2');
    } finally {
      session.close();
    }
  });

  it('still answers HTTP/1.1 on the same port', async () => {
    const { status, version } = await new Promise<{ status: number; version: string }>((resolve, reject) => {
      https
        .get(`${origin}/api/health`, { ca }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, version: res.httpVersion }));
        })
        .on('error', reject);
    });
    expect([status, version]).toEqual([200, '1.1']);
  });

  it('upgrades a WebSocket over TLS (wss) and subscribes it', async () => {
    const ws = new WebSocket(`${origin.replace('https', 'wss')}/ws`, { ca });
    const answer = await new Promise<{ ch: string; type: string }>((resolve, reject) => {
      ws.on('open', () => ws.send(JSON.stringify({ type: 'sub', ch: channel.match(1) })));
      ws.on('message', (raw: Buffer) => resolve(JSON.parse(raw.toString())));
      ws.on('error', reject);
    });
    ws.close();
    expect(answer).toMatchObject({ ch: channel.match(1), type: 'sub.ok' });
  });

  it("shuts down at once with a browser's idle HTTP/2 session still open, telling it to go away", async () => {
    const session = http2.connect(origin, { ca });
    const goaway = new Promise<void>((resolve) => session.once('goaway', () => resolve()));
    expect((await h2Request(session, 'GET', '/api/health')).status).toBe(200);
    const started = Date.now();
    await s.close();
    expect(Date.now() - started).toBeLessThan(5_000);
    await goaway;
    session.destroy();
  });

  it('refuses a certificate without its key, or a key without its certificate', () => {
    expect(() => loadConfig({ TLS_CERT_FILE: '/x/cert.pem' })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE/);
    expect(() => loadConfig({ TLS_KEY_FILE: '/x/key.pem' })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE/);
    expect(loadConfig({}).tls).toBeNull();
  });
});
