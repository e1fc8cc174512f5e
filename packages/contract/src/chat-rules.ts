import { ROOM_WIDE_MSG_TYPES, type ChatMessage, type ChatMsgType, type ChatSide } from './live.ts';

/**
 * The seed's chat filtering (section 4), one rule each, shared by the server (history) and the
 * client (messages as they arrive). Messages are in the room's order (by `seq`).
 */

type Msg = Pick<ChatMessage, 'id' | 'msgType' | 'level' | 'siteId' | 'venueName' | 'memberId'> & { order?: { orderId: string } | null };

/** Who reads: the reader's site, the room's venue as shown (YB, IM) and the reader's side. */
export interface ChatReader {
  siteId: number;
  venueName: string;
  side: ChatSide;
}

const ORDER_TYPES: readonly ChatMsgType[] = ['order', 'orderPush', 'revertOrderPush'];

/** A side reads its own messages and the whole room's (gifts, big wins). */
export const readsMessage = (side: ChatSide, m: Pick<Msg, 'level' | 'msgType'>): boolean => m.level === side || ROOM_WIDE_MSG_TYPES.includes(m.msgType);

/** Order messages of another site or another venue are dropped. */
export const isForeignOrder = (reader: Omit<ChatReader, 'side'>, m: Msg): boolean =>
  ORDER_TYPES.includes(m.msgType) && (m.siteId !== reader.siteId || m.venueName !== reader.venueName);

/** A message already seen (the same id) is dropped: a frame and a catch-up may carry the same one. */
export function dropDuplicates<T extends Pick<Msg, 'id'>>(messages: readonly T[]): T[] {
  const seen = new Set<number>();
  return messages.filter((m) => !seen.has(m.id) && seen.add(m.id));
}

/** Welcome messages are kept once per member: the latest. */
export function dedupeWelcomes<T extends Pick<Msg, 'msgType' | 'memberId'>>(messages: readonly T[]): T[] {
  const latest = new Map<number | null, T>();
  for (const m of messages) if (m.msgType === 'welcome') latest.set(m.memberId, m);
  return messages.filter((m) => m.msgType !== 'welcome' || latest.get(m.memberId) === m);
}

/** The order push to show: the latest one, unless a revert of that order came after it. */
export function currentOrderPush<T extends Msg>(messages: readonly T[]): T | null {
  let current: T | null = null;
  for (const m of messages) {
    if (m.msgType === 'orderPush') current = m;
    else if (m.msgType === 'revertOrderPush' && current && m.order?.orderId === current.order?.orderId) current = null;
  }
  return current;
}

/** Every rule at once: what a reader's message list shows, in order. */
export function visibleChat<T extends Msg>(messages: readonly T[], reader: ChatReader): T[] {
  const mine = messages.filter((m) => readsMessage(reader.side, m) && !isForeignOrder(reader, m));
  return dedupeWelcomes(dropDuplicates(mine));
}
