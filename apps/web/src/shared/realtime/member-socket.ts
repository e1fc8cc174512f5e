import { channel, isFrame, type Frame, type RealtimeEvents, type RealtimeType } from '@bp/contract';
import { session } from '../session/session.ts';
import { sessionEnded } from '../api/request.ts';
import { createChannelSocket, pageSocketUrl, type ChannelSocket } from './channel-socket.ts';

const listeners = new Set<(frame: Frame) => void>();

/** Listens to a frame type of the member's channel (e.g. 'wallet.balance'); returns how to stop. */
export function onMemberFrame<T extends RealtimeType>(type: T, fn: (data: RealtimeEvents[T]) => void): () => void {
  const listener = (frame: Frame) => isFrame(frame, type) && fn(frame.data);
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const hear = (frame: Frame) => listeners.forEach((listener) => listener(frame));

/**
 * The member's realtime channel (`user:<memberId>` on /ws, the token in its URL): when the server
 * ends the session (a login on another device, a password change, a blockade) the site reacts at
 * once, not on the next call. Follows the session: a socket of its own for each token, opened on
 * login and closed on logout.
 */
export function startMemberSocket(): () => void {
  let current: { token: string; socket: ChannelSocket } | null = null;

  const follow = () => {
    const token = session.token();
    if (token === (current?.token ?? '')) return;
    current?.socket.close();
    current = null;
    const memberId = session.memberId();
    if (!token || !memberId) return;
    const socket = createChannelSocket({
      url: () => `${pageSocketUrl()}?token=${encodeURIComponent(token)}`,
      onFrame: (frame) => frame.type === 'session.ended' && sessionEnded(token, frame.data.msg),
      retryMinMs: 2_000,
      retryMaxMs: 60_000,
    });
    socket.subscribe(channel.user(memberId), { onFrame: hear });
    current = { token, socket };
  };

  const stop = session.subscribe(follow);
  follow();
  return () => {
    stop();
    current?.socket.close();
    current = null;
  };
}
