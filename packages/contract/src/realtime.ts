import type { BetConfirmedEvent, BetSettledEvent, MatchScoreEvent, MatchStatusEvent, OddsChangedEvent } from './sports.ts';
import type { AnchorStatusEvent, ChatDeletedEvent, ChatMessage, ChatRoomSetup } from './live.ts';
import type { TableRoundEvent } from './tables.ts';

/**
 * The typed map of realtime events: every frame `{ch, type, data}` sent on `/ws` or the bus names
 * one of these types, and its data has that shape. Domains add their events here.
 */
export interface RealtimeEvents {
  /**
   * A member's session was ended by the server (logout, login elsewhere, password changed, blocked,
   * idle, expired); the socket is closed after it. Between instances it names the sessions that
   * ended (absent: all of the member's); a client is sent code and msg alone.
   */
  'session.ended': { code: number; msg: string; sessionIds?: number[] };
  /** Between server instances only (channel `internal:cache`): drop cached entries of a member. */
  'cache.forget': { tag: string };
  /** Answer to a client's sub/unsub. */
  'sub.ok': { ch: string };
  'sub.denied': { ch: string; code: number; msg: string };
  /** Test and diagnostics echo. */
  'system.notice': { text: string };
  /** Sportsbook, on `match:<id>`: prices and market states, the score, the match state. */
  'odds.changed': OddsChangedEvent;
  'match.score': MatchScoreEvent;
  'match.status': MatchStatusEvent;
  /** Sportsbook, on `user:<memberId>`: a bet settled (or resettled), an in-play bet confirmed or rejected. */
  'bet.settled': BetSettledEvent;
  'bet.confirmed': BetConfirmedEvent;
  /** Wallet, on `user:<memberId>`: money moved (deposit credited, withdrawal, transfer, interest); re-read balances. */
  'wallet.balance': { main: number; reason: string };
  /** Messages, on `user:<memberId>`: a message to this member arrived; re-read the list and the unread count. */
  'message.new': { id: number; title: string };
  /** Live, on `chat:<chatRoomNo>`: a message (gifts and big wins too), a message removed by a moderator, the room's setup changed. */
  'chat.message': ChatMessage;
  'chat.deleted': ChatDeletedEvent;
  'chat.room': ChatRoomSetup;
  /** Live, on `chat:<chatRoomNo>` of an anchor's room: the anchor went on air, paused or stopped. */
  'anchor.status': AnchorStatusEvent;
  /**
   * Several frames of one channel in one (a busy chat room: the gateway sends a room's messages and
   * removals at most once per short tick), each item as it would have come alone, in the room's
   * sequence order. `unbatch` gives them back as frames.
   */
  batch: { items: BatchItem[] };
  /** Live dealer tables, on `table:<tableId>`: a round opened, was dealt (with its outcome), settled or voided. */
  'table.round': TableRoundEvent;
}

export type RealtimeType = keyof RealtimeEvents;

/** The frame types a gateway may gather into a `batch`: those that carry the room's sequence. */
export const BATCHED_TYPES = ['chat.message', 'chat.deleted'] as const satisfies readonly RealtimeType[];
export type BatchedType = (typeof BATCHED_TYPES)[number];
/** A frame inside a `batch`: its channel is the batch's. */
export type BatchItem = { [K in BatchedType]: { type: K; data: RealtimeEvents[K] } }[BatchedType];

/**
 * A frame on a channel: one member of a union over the event map, so a `switch` (or `if`) on
 * `type` narrows `data` to that event's shape. `Frame<'odds.changed'>` is that one event's frame.
 */
export type Frame<T extends RealtimeType = RealtimeType> = { [K in T]: { ch: string; type: K; data: RealtimeEvents[K] } }[T];

/** Whether a frame is of `type`: narrows it where the type is a variable (a `switch` needs a literal). */
export const isFrame = <T extends RealtimeType>(frame: { type: RealtimeType }, type: T): frame is Frame<T> => frame.type === type;

/** The frames a frame stands for: a batch's items, each on the batch's channel; any other frame itself. */
export function unbatch(frame: Frame): Frame[] {
  if (frame.type !== 'batch') return [frame];
  return frame.data.items.map((item) => ({ ch: frame.ch, ...item }) as Frame);
}

/** Channels: `match:<id>`, `chat:<roomNo>`, `user:<memberId>`, `site:<siteId>`. */
export const channel = {
  match: (id: string | number) => `match:${id}`,
  chat: (roomNo: string | number) => `chat:${roomNo}`,
  user: (memberId: string | number) => `user:${memberId}`,
  site: (siteId: string | number) => `site:${siteId}`,
  table: (tableId: string) => `table:${tableId}`,
};

export type ClientFrame = { type: 'sub' | 'unsub'; ch: string } | { type: 'ping' };
