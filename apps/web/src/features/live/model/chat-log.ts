import { currentOrderPush, visibleChat, type ChatMessage, type ChatReader } from '@bp/contract';

/**
 * A room's messages as this client holds them: whatever came (a history page, a catch-up after a
 * reconnect, a live frame) merged by id in the room's order, and the latest sequence seen, from
 * which a catch-up asks for what was missed.
 */
export interface ChatLog {
  messages: ChatMessage[];
  lastSeq: number;
}

export const EMPTY_LOG: ChatLog = { messages: [], lastSeq: 0 };

/** The screen keeps the latest messages only. */
export const CHAT_LOG_KEEP = 300;

/** A history or catch-up answer (API.md `chat/history`). */
export interface HistoryAnswer {
  list: ChatMessage[];
  lastSeq: number;
  reload: boolean;
  deletedIds: number[];
}

const bySeq = (a: ChatMessage, b: ChatMessage) => a.seq - b.seq;

/** Adds messages: each id once (a frame and a catch-up may carry the same one), in sequence order. */
export function addMessages(log: ChatLog, incoming: readonly ChatMessage[]): ChatLog {
  if (incoming.length === 0) return log;
  const byId = new Map(log.messages.map((m) => [m.id, m]));
  for (const m of incoming) byId.set(m.id, m);
  const messages = [...byId.values()].sort(bySeq).slice(-CHAT_LOG_KEEP);
  return { messages, lastSeq: Math.max(log.lastSeq, ...incoming.map((m) => m.seq)) };
}

/** Messages a moderator removed: gone from the view; the removal's sequence counts as seen. */
export function removeMessages(log: ChatLog, ids: readonly number[], seq = 0): ChatLog {
  const gone = new Set(ids);
  return { messages: log.messages.filter((m) => !gone.has(m.id)), lastSeq: Math.max(log.lastSeq, seq) };
}

/**
 * A history answer applied: the first page (no `afterSeq`) or a `reload` replaces the log; a
 * catch-up adds what was missed and drops what was removed meanwhile.
 */
export function applyHistory(log: ChatLog, answer: HistoryAnswer, catchUp: boolean): ChatLog {
  if (!catchUp || answer.reload) return { ...addMessages(EMPTY_LOG, answer.list), lastSeq: answer.lastSeq };
  const merged = removeMessages(addMessages(log, answer.list), answer.deletedIds);
  return { ...merged, lastSeq: Math.max(merged.lastSeq, answer.lastSeq) };
}

const PUSH_TYPES: ReadonlySet<ChatMessage['msgType']> = new Set(['orderPush', 'revertOrderPush']);

/**
 * What the reader sees (seed 4): the chat lines after the seed's filters, and the big win pinned
 * above them (the latest order push, unless its revert came after it).
 */
export function chatView(log: ChatLog, reader: ChatReader): { lines: ChatMessage[]; pinned: ChatMessage | null } {
  const visible = visibleChat(log.messages, reader);
  return { lines: visible.filter((m) => !PUSH_TYPES.has(m.msgType)), pinned: currentOrderPush(visible) };
}

/** Seed 4: the chat entrance shows only when the switch is not false and the open status is set and not -1. */
export const chatEntrance = (s: { exist?: boolean | null; status?: number | null } | undefined): boolean =>
  s !== undefined && s.exist !== false && s.status !== undefined && s.status !== null && s.status !== -1;
