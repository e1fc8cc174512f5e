import { describe, expect, it } from 'vitest';
import { currentOrderPush, dedupeWelcomes, dropDuplicates, isForeignOrder, readsMessage, visibleChat, type ChatReader } from './chat-rules.ts';
import { chatSideOf, type ChatMsgType, type ChatSide } from './live.ts';

interface M {
  id: number;
  msgType: ChatMsgType;
  level: ChatSide;
  siteId: number | null;
  venueName: string;
  memberId: number | null;
  order: { orderId: string } | null;
}

const msg = (id: number, msgType: ChatMsgType, more: Partial<M> = {}): M => ({
  id,
  msgType,
  level: 'low',
  siteId: 1,
  venueName: 'YB',
  memberId: 7,
  order: msgType.toLowerCase().includes('order') ? { orderId: `o${id}` } : null,
  ...more,
});
const reader: ChatReader = { siteId: 1, venueName: 'YB', side: 'low' };
const ids = (list: M[]) => list.map((m) => m.id);

describe('the chat filtering rules (seed 4)', () => {
  it.each([
    ['an order of the same site and venue is kept', msg(1, 'order'), false],
    ['an order of another site is dropped', msg(1, 'order', { siteId: 2 }), true],
    ['an order of another venue is dropped', msg(1, 'order', { venueName: 'IM' }), true],
    ['an order push of another site is dropped', msg(1, 'orderPush', { siteId: 2 }), true],
    ['a text of another site is kept', msg(1, 'text', { siteId: 2 }), false],
    ['a gift of another venue is kept', msg(1, 'giftPush', { venueName: 'IM' }), false],
  ])('[S4-14] %s', (_case, m, dropped) => {
    expect(isForeignOrder(reader, m)).toBe(dropped);
  });

  it.each([
    ['the same id twice keeps the first', [msg(1, 'text'), msg(2, 'text'), msg(1, 'text')], [1, 2]],
    ['distinct ids are all kept', [msg(1, 'text'), msg(2, 'text'), msg(3, 'text')], [1, 2, 3]],
    ['a catch-up repeating a frame', [msg(5, 'text'), msg(6, 'giftPush'), msg(5, 'text'), msg(6, 'giftPush'), msg(7, 'text')], [5, 6, 7]],
  ])('[S4-15] duplicates by id: %s', (_case, list, kept) => {
    expect(ids(dropDuplicates(list))).toEqual(kept);
  });

  it.each([
    ['one member entering twice keeps the latest welcome', [msg(1, 'welcome'), msg(2, 'text'), msg(3, 'welcome')], [2, 3]],
    ['two members each keep theirs', [msg(1, 'welcome', { memberId: 7 }), msg(2, 'welcome', { memberId: 8 })], [1, 2]],
    ['texts of the member are untouched', [msg(1, 'text'), msg(2, 'welcome'), msg(3, 'text'), msg(4, 'welcome')], [1, 3, 4]],
  ])('[S4-16] welcome messages by member: %s', (_case, list, kept) => {
    expect(ids(dedupeWelcomes(list))).toEqual(kept);
  });

  it.each([
    ['the latest push is shown', [msg(1, 'orderPush'), msg(2, 'orderPush')], 2],
    ['a revert of the latest push stops it', [msg(1, 'orderPush'), msg(2, 'revertOrderPush', { order: { orderId: 'o1' } })], null],
    ['a revert of an older push leaves the latest', [msg(1, 'orderPush'), msg(2, 'orderPush'), msg(3, 'revertOrderPush', { order: { orderId: 'o1' } })], 2],
    ['a push after a revert shows again', [msg(1, 'orderPush'), msg(2, 'revertOrderPush', { order: { orderId: 'o1' } }), msg(3, 'orderPush')], 3],
    ['no push, nothing shown', [msg(1, 'text')], null],
  ])('[S4-17] order pushes: %s', (_case, list, shown) => {
    expect(currentOrderPush(list)?.id ?? null).toBe(shown);
  });

  it.each([
    [0, 'low'],
    [4, 'low'],
    [5, 'high'],
    [10, 'high'],
  ] as const)('[S4-18] [S6-05] VIP level %i chats on the %s side', (level, side) => {
    expect(chatSideOf(level)).toBe(side);
  });

  it.each([
    ['low', 'text', 'low', true],
    ['low', 'text', 'high', false],
    ['high', 'order', 'low', false],
    ['low', 'giftPush', 'high', true],
    ['low', 'orderPush', 'high', true],
    ['high', 'welcome', 'low', false],
  ] as const)('[S4-18] the %s side reads a %s of the %s side: %s', (side, msgType, level, reads) => {
    expect(readsMessage(side, { msgType, level })).toBe(reads);
  });

  it('applies every rule at once to what a reader sees', () => {
    const list = [
      msg(1, 'welcome'),
      msg(2, 'text', { level: 'high' }),
      msg(3, 'order', { siteId: 2 }),
      msg(4, 'giftPush', { level: 'high' }),
      msg(4, 'giftPush', { level: 'high' }),
      msg(5, 'welcome'),
      msg(6, 'text'),
    ];
    expect(ids(visibleChat(list, reader))).toEqual([4, 5, 6]);
  });
});
