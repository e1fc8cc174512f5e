import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { Errors, type ClientFrame, type Frame } from '@bp/contract';
import { AppError } from '../http/index.ts';
import type { Bus } from './bus.ts';

/** Who is on the other end of a socket: a visitor (null) or a member. */
export type SocketIdentity = { memberId: number; siteId: number } | null;

export interface GatewayOptions {
  bus: Bus;
  /** Resolves the `token` query parameter; throws or returns null for a bad token. */
  identify(token: string): Promise<SocketIdentity>;
}

const MAX_SUBSCRIPTIONS = 64;
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;

/**
 * The WebSocket gateway at `/ws`. Clients `sub`/`unsub` channels; every frame on the bus is sent to
 * the local sockets subscribed to its channel. `user:<id>` is open only to that member.
 */
export async function installGateway(app: FastifyInstance, { bus, identify }: GatewayOptions): Promise<void> {
  // No permessage-deflate (ws's default, said here on purpose): compressing is per socket, so one
  // frame to 2,000 subscribers would be deflated 2,000 times; odds frames are a few kB.
  await app.register(websocket, { options: { maxPayload: 64 * 1024, perMessageDeflate: false } });
  const byChannel = new Map<string, Set<WebSocket>>();

  const stop = bus.onFrame((frame: Frame) => {
    const sockets = byChannel.get(frame.ch);
    if (!sockets) return;
    // Encoded once for every subscriber: with thousands on one match, per-socket encoding dominates.
    const bytes = Buffer.from(JSON.stringify(frame));
    for (const socket of sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      // A client that stopped reading would make us buffer every frame for it: it is let go.
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
      else socket.send(bytes, { binary: false });
    }
  });
  app.addHook('onClose', async () => stop());

  const send = (socket: WebSocket, frame: Frame) => socket.send(JSON.stringify(frame));

  app.get('/ws', { websocket: true, config: { exempt: true } }, (socket, req) => {
    const token = (req.query as { token?: string }).token;
    // Listeners go on at once and wait for the token check: a client may send `sub` the instant the
    // socket opens, and ws drops what arrives while nobody listens.
    // An ended session is told why, as a call would be (login elsewhere, idle, blocked...).
    let refusal = { code: Errors.AUTH_INVALID.code, msg: Errors.AUTH_INVALID.msg };
    const identified: Promise<SocketIdentity> = token
      ? identify(token).catch((err: unknown) => {
          if (err instanceof AppError) refusal = { code: err.code, msg: err.message };
          return null;
        })
      : Promise.resolve(null);
    let identity: SocketIdentity = null;
    const mine = new Set<string>();
    const leave = (ch: string) => {
      byChannel.get(ch)?.delete(socket);
      if (byChannel.get(ch)?.size === 0) byChannel.delete(ch);
      mine.delete(ch);
    };

    void identified.then((who) => {
      identity = who;
      if (token && !who) {
        send(socket, { ch: 'system', type: 'session.ended', data: refusal });
        socket.close(4401, 'auth');
      }
    });
    // Callbacks on one promise run in the order they were added: frames are handled in arrival order.
    socket.on('message', (raw: Buffer) => void identified.then(() => socket.readyState === socket.OPEN && handle(raw)));
    socket.on('close', () => [...mine].forEach(leave));

    const handle = (raw: Buffer) => {
      let msg: ClientFrame;
      try {
        msg = JSON.parse(raw.toString()) as ClientFrame;
      } catch {
        return;
      }
      if (msg.type === 'ping') return socket.send(JSON.stringify({ ch: 'system', type: 'pong', data: {} }));
      if (typeof msg.ch !== 'string' || msg.ch.length > 100) return;
      if (msg.type === 'unsub') return leave(msg.ch);
      if (msg.type !== 'sub') return;
      const denied = deny(msg.ch, identity, mine.size);
      if (denied) return send(socket, { ch: msg.ch, type: 'sub.denied', data: { ch: msg.ch, ...denied } });
      mine.add(msg.ch);
      if (!byChannel.has(msg.ch)) byChannel.set(msg.ch, new Set());
      byChannel.get(msg.ch)!.add(socket);
      send(socket, { ch: msg.ch, type: 'sub.ok', data: { ch: msg.ch } });
    };
  });
}

function deny(ch: string, identity: SocketIdentity, count: number): { code: number; msg: string } | null {
  if (count >= MAX_SUBSCRIPTIONS) return { code: Errors.RATE_LIMIT_C.code, msg: Errors.RATE_LIMIT_C.msg };
  if (ch.startsWith('user:') && (!identity || ch !== `user:${identity.memberId}`)) {
    return { code: Errors.FORBIDDEN.code, msg: Errors.FORBIDDEN.msg };
  }
  if (!/^(match|chat|user|site):[A-Za-z0-9_-]{1,64}$/.test(ch)) return { code: Errors.VALIDATION.code, msg: Errors.VALIDATION.msg };
  return null;
}
