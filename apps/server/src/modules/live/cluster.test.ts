import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropSchema } from '../../platform/db/index.ts';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { burst, chat, demoRoom, expectBurstReceived, follow, memberAt } from './testing.ts';

/**
 * Rooms span instances (the bus: Redis when REDIS_URL is set) and outlive a restart (the
 * database). Instances of one deployment share PostgreSQL; on PGlite each has a database of its
 * own, so what needs the shared database is proven on PostgreSQL.
 */
const redisUrl = process.env.REDIS_URL;
const databaseUrl = process.env.DATABASE_URL || null;

describe.runIf(!redisUrl && process.env.CI === 'true')('chat rooms across instances without Redis in CI', () => {
  it('REDIS_URL is required in CI to prove two instances share a room', () => {
    throw new Error('REDIS_URL is not set: the multi-instance chat tests cannot run');
  });
});

describe.runIf(redisUrl)('a chat room across two instances sharing Redis', () => {
  const sharedSchema = databaseUrl ? `t_lc${randomBytes(5).toString('hex')}` : null;
  let a: TestServer;
  let b: TestServer;
  beforeAll(async () => {
    const shared = { redisPrefix: `lc${randomBytes(4).toString('hex')}:`, ...(sharedSchema ? { databaseSchema: sharedSchema } : {}) };
    a = await startTestServer(shared);
    b = await startTestServer(shared);
    await Promise.all([a.app.listen({ port: 0, host: '127.0.0.1' }), b.app.listen({ port: 0, host: '127.0.0.1' })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    if (sharedSchema) await dropSchema(databaseUrl!, sharedSchema);
  });

  it('a message sent on one instance reaches the room’s followers on the other, once, with its sequence', async () => {
    const room = (await demoRoom(a, '糖糖')).chatRoomNo;
    const socket = await follow(b, room);
    const m = await memberAt(a);
    const sent = await chat(a).send(m, room, '来自另一台服务器');
    expect(sent.code, sent.msg).toBe(0);
    const frame = await socket.next((f) => f.type === 'chat.message' && f.data.id === sent.data.id);
    expect(frame.data).toMatchObject({ content: '来自另一台服务器', seq: sent.data.seq, memberId: m.memberId });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(socket.frames.filter((f) => f.type === 'chat.message' && f.data.id === sent.data.id)).toHaveLength(1);
    socket.close();
  });

  it('a burst reaches the followers of both instances batched: each message once, in sequence order', async () => {
    const room = (await demoRoom(a, '糖糖')).chatRoomNo;
    const followers = [await follow(a, room), await follow(b, room)];
    const members = await Promise.all(Array.from({ length: 6 }, (_, i) => memberAt(sharedSchema && i % 2 ? b : a)));
    // On PGlite each instance has a database of its own: the posts then go through one.
    const sent = await burst(sharedSchema ? [a, b] : [a], room, members, 5);
    for (const socket of followers) await expectBurstReceived(socket, sent);
    followers.forEach((socket) => socket.close());
  });

  it.runIf(sharedSchema)('members of both instances post in one sequence, and each instance’s history is the same', async () => {
    const room = (await demoRoom(a, '糖糖')).chatRoomNo;
    const [onA, onB] = [await memberAt(a), await memberAt(b)];
    const sent = await Promise.all([
      chat(a).send(onA, room, 'A一'),
      chat(b).send(onB, room, 'B一'),
      chat(a).send(onA, room, 'A二'),
      chat(b).send(onB, room, 'B二'),
    ]);
    expect(sent.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    const seqs = sent.map((r) => r.data.seq).sort((x, y) => x - y);
    expect(new Set(seqs).size).toBe(4);
    const fromA = (await chat(a).history(null, room)).data.list.map((x: { id: number; seq: number }) => [x.id, x.seq]);
    const fromB = (await chat(b).history(null, room)).data.list.map((x: { id: number; seq: number }) => [x.id, x.seq]);
    expect(fromA).toEqual(fromB);
    const ordered = [...fromA].sort((x, y) => x[1] - y[1]);
    expect(fromA).toEqual(ordered);
  });
});

describe('a chat room’s history after a restart', () => {
  const schema = databaseUrl ? `t_lr${randomBytes(5).toString('hex')}` : null;
  const dataDir = schema ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'live-restart-'));
  const storage = schema ? { databaseSchema: schema } : { dataDir: dataDir! };
  afterAll(async () => {
    if (schema) await dropSchema(databaseUrl!, schema);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // Two server starts on one database: longer than one test's usual time on a busy machine.
  it('survives it: the messages, their sequence, and the room goes on from there', async () => {
    let s = await startTestServer(storage);
    const room = (await demoRoom(s, '糖糖')).chatRoomNo;
    const m = await memberAt(s);
    const before = await chat(s).send(m, room, '重启之前');
    await s.close();

    s = await startTestServer(storage);
    try {
      const history = (await chat(s).history(null, room)).data;
      expect(history.list.at(-1)).toMatchObject({ id: before.data.id, seq: before.data.seq, content: '重启之前' });
      const login = await s.call('/api/member/login/v3', { name: m.name, password: m.password });
      const after = await chat(s).send({ ...m, token: login.data.token }, room, '重启之后');
      expect(after.data.seq).toBe(before.data.seq + 1);
    } finally {
      await s.close();
    }
  }, 90_000);
});
