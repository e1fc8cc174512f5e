import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@bp/contract';
import { EMPTY_LOG, addMessages, applyHistory, chatEntrance, chatView, removeMessages } from './chat-log.ts';

let nextId = 1;
const msg = (seq: number, more: Partial<ChatMessage> = {}): ChatMessage => ({
  id: more.id ?? nextId++,
  chatRoomNo: 'A1',
  seq,
  msgType: 'text',
  content: `m${seq}`,
  level: 'low',
  venueName: 'YB',
  siteId: 1,
  siteSeries: 'a',
  memberId: 7,
  userId: 7,
  username: 'ab***cd',
  memberName: 'ab***cd',
  vipLevel: 1,
  order: null,
  gift: null,
  createdAt: 0,
  ...more,
});
const card = (orderId: string) => ({
  orderId,
  categoryName: '独赢',
  itemName: '主队',
  score: null,
  teamLogo: '',
  venueName: 'YB',
  betType: 'single' as const,
  odds: 2,
  stake: 100,
  status: 'won',
  payout: 200,
  currency: 'CNY',
});
const reader = { siteId: 1, venueName: 'YB', side: 'low' as const };
const seqs = (log: { messages: ChatMessage[] }) => log.messages.map((m) => m.seq);

describe('the chat log: merge, catch-up, removal', () => {
  it('[S4-15] a frame and a catch-up carrying the same message keep it once, in sequence order', () => {
    const a = msg(1);
    const b = msg(2);
    const c = msg(3);
    let log = addMessages(EMPTY_LOG, [c, a]);
    log = addMessages(log, [b, c, a]);
    expect(seqs(log)).toEqual([1, 2, 3]);
    expect(log.lastSeq).toBe(3);
  });

  it('[S3-15] a catch-up after a reconnect adds what was missed, drops what was removed meanwhile, and follows the server’s last sequence', () => {
    const first = [msg(1), msg(2), msg(3)];
    let log = applyHistory(EMPTY_LOG, { list: first, lastSeq: 3, reload: false, deletedIds: [] }, false);
    log = applyHistory(log, { list: [msg(5), first[2]], lastSeq: 6, reload: false, deletedIds: [first[1].id] }, true);
    expect(seqs(log)).toEqual([1, 3, 5]);
    expect(log.lastSeq).toBe(6);
  });

  it('a reload (more missed than a catch-up carries) replaces the log with the latest page', () => {
    const log = applyHistory(addMessages(EMPTY_LOG, [msg(1), msg(2)]), { list: [msg(400)], lastSeq: 401, reload: true, deletedIds: [] }, true);
    expect(seqs(log)).toEqual([400]);
    expect(log.lastSeq).toBe(401);
  });

  it('a removed message leaves the view and its removal counts as seen', () => {
    const gone = msg(1);
    const log = removeMessages(addMessages(EMPTY_LOG, [gone, msg(2)]), [gone.id], 9);
    expect(seqs(log)).toEqual([2]);
    expect(log.lastSeq).toBe(9);
  });
});

describe('what a reader sees', () => {
  it('[S4-14] [S4-18] drops order messages of another site or venue and the other side’s texts; gifts are the whole room’s', () => {
    const log = addMessages(EMPTY_LOG, [
      msg(1),
      msg(2, { level: 'high' }),
      msg(3, { msgType: 'order', order: card('o1'), siteId: 2 }),
      msg(4, { msgType: 'order', order: card('o2'), venueName: 'IM' }),
      msg(5, { msgType: 'order', order: card('o3') }),
      msg(6, { msgType: 'giftPush', level: 'high' }),
    ]);
    expect(chatView(log, reader).lines.map((m) => m.seq)).toEqual([1, 5, 6]);
  });

  it('[S4-16] a member’s welcome shows once: the latest', () => {
    const log = addMessages(EMPTY_LOG, [msg(1, { msgType: 'welcome', memberId: 3 }), msg(2), msg(3, { msgType: 'welcome', memberId: 3 })]);
    expect(chatView(log, reader).lines.map((m) => m.seq)).toEqual([2, 3]);
  });

  it('[S4-17] the big win is pinned until its revert; a later push shows again', () => {
    const push = msg(1, { msgType: 'orderPush', order: card('w1') });
    let log = addMessages(EMPTY_LOG, [push, msg(2)]);
    expect(chatView(log, reader).pinned?.id).toBe(push.id);
    expect(chatView(log, reader).lines.map((m) => m.seq)).toEqual([2]);
    log = addMessages(log, [msg(3, { msgType: 'revertOrderPush', order: card('w1') })]);
    expect(chatView(log, reader).pinned).toBeNull();
    const again = msg(4, { msgType: 'orderPush', order: card('w2') });
    expect(chatView(addMessages(log, [again]), reader).pinned?.id).toBe(again.id);
  });

  it('[S4-11] the entrance shows only when the switch is not false and the status is set and not -1', () => {
    expect(chatEntrance({ exist: true, status: 1 })).toBe(true);
    expect(chatEntrance({ exist: true, status: 0 })).toBe(true);
    expect(chatEntrance({ exist: false, status: 1 })).toBe(false);
    expect(chatEntrance({ exist: true, status: -1 })).toBe(false);
    expect(chatEntrance({ exist: true, status: null })).toBe(false);
    expect(chatEntrance(undefined)).toBe(false);
  });
});
