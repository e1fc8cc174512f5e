import fs from 'node:fs';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { channel } from '@bp/contract';
import { bearer, startTestServer } from '../../test/harness.ts';
import { InFlight } from '../http/in-flight.ts';
import { dropSchema } from '../db/index.ts';
import { openSocket } from './testing.ts';

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

describe('graceful close', () => {
  it('server.close() resolves with WebSocket clients connected, closes them, and releases the port', async () => {
    const s = await startTestServer();
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as AddressInfo;
    expect(await canListen(port)).toBe(false);
    const socket = await openSocket(`ws://127.0.0.1:${port}/ws`);
    socket.send({ type: 'sub', ch: channel.match(1) });
    await socket.next((f) => f.type === 'sub.ok');

    const closing = s.close();
    await expect(Promise.race([closing.then(() => 'closed'), new Promise((r) => setTimeout(() => r('hung'), 10_000))])).resolves.toBe('closed');
    expect(typeof (await socket.closed)).toBe('number');
    expect(await canListen(port)).toBe(true);
    // Closing twice is harmless (a signal may arrive while a close is under way).
    await expect(s.close()).resolves.toBeUndefined();
  });

  it('a handler whose client went away finishes its write before the database closes', async () => {
    // The same database again after the close: a PGlite folder, or a PostgreSQL schema kept for it.
    const place = process.env.DATABASE_URL
      ? { databaseSchema: `t_${randomBytes(6).toString('hex')}` }
      : { dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'close-')) };
    const s = await startTestServer(place);
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as AddressInfo;
    const { token, memberId, name, password } = await s.member();
    expect((await s.call('/api/member/info', {}, { token })).code).toBe(0); // its session now warm

    // The member's row is held until the test lets it go, so the nickname write waits on it...
    let release!: () => void;
    let rowHeld!: () => void;
    const holding = new Promise<void>((resolve) => (rowHeld = resolve));
    const held = s.deps.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT 1 FROM members WHERE member_id = ${memberId} FOR UPDATE`);
      rowHeld();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
    // ...while its client gives up, and the server is told to stop.
    const call = http.request({ port, method: 'POST', path: '/api/member/nickname', headers: { 'content-type': 'application/json', ...bearer(token) } });
    call.on('error', () => undefined);
    call.end(JSON.stringify({ nickname: '走了的客人' }));
    const until = Date.now() + 10_000;
    while (s.app.inFlight.size === 0 && Date.now() < until) await sleep(5);
    expect(s.app.inFlight.size).toBe(1);
    call.destroy();
    const closing = s.close();
    await sleep(300); // the close is now waiting on the handler, which waits on the row
    release();
    await held;
    await closing;

    const again = await startTestServer(place);
    try {
      const login = await again.call('/api/member/login/v3', { name, password });
      expect((await again.call('/api/member/info', {}, { token: login.data.token })).data.nickname).toBe('走了的客人');
    } finally {
      await again.close();
      if (place.dataDir) fs.rmSync(place.dataDir, { recursive: true, force: true });
      if (place.databaseSchema) await dropSchema(process.env.DATABASE_URL!, place.databaseSchema);
    }
  });
});

describe('in-flight handlers', () => {
  it('drained() waits for every tracked handler, and no longer than its limit', async () => {
    const work = new InFlight();
    let finished = 0;
    for (const ms of [30, 60]) void work.track(sleep(ms).then(() => finished++));
    void work.track(Promise.reject(new Error('failed handler'))).catch(() => undefined);
    await work.drained(5_000);
    expect([finished, work.size]).toEqual([2, 0]);

    void work.track(sleep(10_000));
    const started = Date.now();
    await work.drained(100);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(work.size).toBe(1);
  });
});
