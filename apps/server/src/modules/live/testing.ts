/** The live module's test kit: rooms, members of a VIP level, chat calls, gold. */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { unbatch } from '@bp/contract';
import type { AddressInfo } from 'node:net';
import { memberChanged } from '../../platform/cache.ts';
import { openSocket, type TestSocket } from '../../platform/realtime/testing.ts';
import type { Answer, TestServer } from '../../test/harness.ts';
import { operatorCall } from '../admin/testing.ts';

export type Member = Awaited<ReturnType<TestServer['member']>>;

export const clientId = () => `c-${randomBytes(6).toString('hex')}`;
export const key = () => `k-${randomBytes(8).toString('hex')}`;

/** A fresh member of a VIP level (the level is read afresh by the member's next call). */
export async function memberAt(s: TestServer, vipLevel = 0, siteId?: number): Promise<Member> {
  const m = await s.member(siteId ? { siteId } : {});
  if (vipLevel > 0) {
    await s.deps.db.execute(sql`UPDATE members SET vip_level = ${vipLevel} WHERE member_id = ${m.memberId}`);
    memberChanged(m.memberId);
  }
  return m;
}

/** A demo anchor's room by its nickname. */
export async function demoRoom(
  s: TestServer,
  nickname: string,
): Promise<{ anchorRoomId: number; chatRoomNo: string; anchorId: number; matchId: number | null }> {
  const { rows } = await s.deps.db.execute(sql`
    SELECT r.anchor_room_id, r.chat_room_no, r.anchor_id, r.match_id FROM live_anchor_rooms r JOIN live_anchors a ON a.anchor_id = r.anchor_id WHERE a.nickname = ${nickname}`);
  const row = rows[0] as { anchor_room_id: unknown; chat_room_no: string; anchor_id: unknown; match_id: unknown };
  return {
    anchorRoomId: Number(row.anchor_room_id),
    chatRoomNo: row.chat_room_no,
    anchorId: Number(row.anchor_id),
    matchId: row.match_id === null ? null : Number(row.match_id),
  };
}

/** A site header for a member of site 2. */
export const site = (siteId?: number) => (siteId && siteId !== 1 ? { 'x-site-id': String(siteId) } : undefined);

/** The chat calls a test makes again and again. */
export function chat(s: TestServer) {
  const as = (m: Member, siteId?: number) => ({ token: m.token, headers: site(siteId) });
  return {
    send: (m: Member, chatRoomNo: string, content: string, clientMsgId = clientId(), siteId?: number): Promise<Answer> =>
      s.call('/api/member/chat/send', { chatRoomNo, content, clientMsgId }, as(m, siteId)),
    history: (m: Member | null, chatRoomNo: string, more: Record<string, unknown> = {}, siteId?: number): Promise<Answer> =>
      m
        ? s.call('/api/member/chat/history', { chatRoomNo, ...more }, as(m, siteId))
        : s.call('/api/live/chat/history', { chatRoomNo, ...more }, { headers: site(siteId) }),
    member: (m: Member, url: string, body: Record<string, unknown>, siteId?: number): Promise<Answer> => s.call(url, body, as(m, siteId)),
  };
}

/** The operator's call, as the server's super admin. */
export const operator = (s: TestServer, url: string, body: Record<string, unknown>): Promise<Answer> => operatorCall(s, url, body);

/** Buys gold for a member through the real call (the member needs main-wallet money first). */
export async function buyGold(s: TestServer, m: Member, amount: number, siteId?: number): Promise<Answer> {
  const res = await s.call('/api/member/gold/buy', { amount }, { token: m.token, key: key(), headers: site(siteId) });
  expect(res.code, res.msg).toBe(0);
  return res;
}

/** A WebSocket on a listening test server, following a room. */
export async function follow(s: TestServer, chatRoomNo: string, token?: string): Promise<TestSocket> {
  const port = (s.app.server.address() as AddressInfo).port;
  const socket = await openSocket(`ws://127.0.0.1:${port}/ws${token ? `?token=${encodeURIComponent(token)}` : ''}`);
  socket.send({ type: 'sub', ch: `chat:${chatRoomNo}` });
  await socket.next((f) => f.ch === `chat:${chatRoomNo}` && (f.type === 'sub.ok' || f.type === 'sub.denied'));
  return socket;
}

/** A message as its sender was answered, and the member who sent it. */
export interface SentMessage {
  id: number;
  seq: number;
  memberId: number;
}

/**
 * A burst: each member posts `each` messages one after another, the members all at once, each
 * through the instance at its place in `on` (round robin). The room's pace is raised for the burst.
 */
export async function burst(on: TestServer[], chatRoomNo: string, members: Member[], each: number): Promise<SentMessage[]> {
  await Promise.all(on.map((s) => s.siteConfig.set(1, 'live_chat_send_rate', '1000/10')));
  try {
    const sent = await Promise.all(
      members.map(async (m, i) => {
        const mine: SentMessage[] = [];
        for (let k = 0; k < each; k++) {
          const res = await chat(on[i % on.length]).send(m, chatRoomNo, `连发${i}-${k}`);
          expect(res.code, res.msg).toBe(0);
          mine.push({ id: res.data.id, seq: res.data.seq, memberId: m.memberId });
        }
        return mine;
      }),
    );
    return sent.flat();
  } finally {
    await Promise.all(on.map((s) => s.siteConfig.set(1, 'live_chat_send_rate', null)));
  }
}

/**
 * What a room's follower received of a burst: every message once, several in one `batch` (fewer
 * frames than messages), each batch in sequence order, each member's messages in the order sent.
 */
export async function expectBurstReceived(socket: TestSocket, sent: SentMessage[]): Promise<void> {
  const ids = new Set(sent.map((m) => m.id));
  const mine = () => socket.frames.filter((f) => f.type === 'chat.message' && ids.has(f.data.id));
  await expect.poll(() => new Set(mine().map((f) => (f.data as { id: number }).id)).size, { timeout: 5_000 }).toBe(sent.length);
  await new Promise((resolve) => setTimeout(resolve, 200)); // a duplicate would have come by now
  const got = mine().map((f) => f.data as { id: number; seq: number; memberId: number });
  expect(got).toHaveLength(sent.length);
  expect(new Set(got.map((m) => m.id)).size).toBe(sent.length);
  const bySeq = new Map(sent.map((m) => [m.id, m.seq]));
  expect(got.every((m) => bySeq.get(m.id) === m.seq)).toBe(true);
  const carrying = socket.received.filter((f) => unbatch(f).some((one) => one.type === 'chat.message' && ids.has(one.data.id)));
  expect(carrying.length).toBeLessThan(sent.length);
  const batches = socket.received.filter((f) => f.type === 'batch');
  expect(batches.length).toBeGreaterThan(0);
  for (const batch of batches) {
    const seqs = batch.data.items.map((item) => item.data.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  }
  for (const memberId of new Set(sent.map((m) => m.memberId))) {
    const theirs = got.filter((m) => m.memberId === memberId).map((m) => m.seq);
    expect(theirs).toEqual(sent.filter((m) => m.memberId === memberId).map((m) => m.seq));
  }
}
