import { channel, type Frame, type RealtimeEvents, type RealtimeType } from '@bp/contract';
import { session } from '../session/session.ts';
import { sessionEnded } from '../api/request.ts';

const PING_MS = 25_000;
const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

type FrameListener<T extends RealtimeType> = (data: RealtimeEvents[T]) => void;
const listeners = new Map<RealtimeType, Set<FrameListener<never>>>();

/** Listens to a frame type of the member's channel (e.g. 'wallet.balance'); returns how to stop. */
export function onMemberFrame<T extends RealtimeType>(type: T, fn: FrameListener<T>): () => void {
  if (!listeners.has(type)) listeners.set(type, new Set());
  listeners.get(type)!.add(fn as FrameListener<never>);
  return () => listeners.get(type)?.delete(fn as FrameListener<never>);
}

/**
 * The member's realtime channel (`user:<memberId>` on /ws): when the server ends the session (a
 * login on another device, a password change, a blockade) the site reacts at once, not on the
 * next call. Follows the session: connects on login, closes on logout.
 */
export function startMemberSocket(): () => void {
  let socket: WebSocket | null = null;
  let token = '';
  let retryMs = RETRY_MIN_MS;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let ping: ReturnType<typeof setInterval> | undefined;

  const close = () => {
    clearTimeout(retry);
    clearInterval(ping);
    if (socket) {
      socket.onclose = null;
      socket.close();
    }
    socket = null;
  };

  const open = () => {
    const memberId = session.memberId();
    token = session.token();
    if (!token || !memberId) return;
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws?token=${encodeURIComponent(token)}`;
    const ws = new WebSocket(url);
    const mine = token;
    socket = ws;
    ws.onopen = () => {
      retryMs = RETRY_MIN_MS;
      ws.send(JSON.stringify({ type: 'sub', ch: channel.user(memberId) }));
      ping = setInterval(() => ws.readyState === ws.OPEN && ws.send(JSON.stringify({ type: 'ping' })), PING_MS);
    };
    ws.onmessage = (event) => {
      let frame: Frame;
      try {
        frame = JSON.parse(String(event.data)) as Frame;
      } catch {
        return;
      }
      if (frame.type === 'session.ended') {
        const data = frame.data as Frame<'session.ended'>['data'];
        sessionEnded(mine, data.msg);
        return;
      }
      listeners.get(frame.type)?.forEach((fn) => fn(frame.data as never));
    };
    ws.onclose = () => {
      clearInterval(ping);
      socket = null;
      if (session.token() !== mine) return;
      retry = setTimeout(open, retryMs);
      retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
    };
  };

  const follow = () => {
    if (session.token() === token && socket) return;
    close();
    open();
  };
  const stop = session.subscribe(follow);
  open();
  return () => {
    stop();
    close();
  };
}
