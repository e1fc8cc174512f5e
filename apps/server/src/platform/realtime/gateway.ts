import type { FastifyInstance } from 'fastify';
import websocket from '@fastify/websocket';
import type { WebSocket } from 'ws';
import { Errors, type ClientFrame, type Frame } from '@bp/contract';
import { AppError } from '../http/index.ts';
import { clock } from '../clock.ts';
import type { Bus } from './bus.ts';
import { channelBatcher } from './batcher.ts';

/** Who is on the other end of a socket: a visitor (null) or a member's session. */
export type SocketIdentity = { memberId: number; siteId: number; sessionId: number } | null;

/** What a socket is told when its session no longer holds: the code and message a call would get. */
export type SessionLoss = { code: number; msg: string };

/**
 * A module's say on who may follow its channels (e.g. a members-only chat room): a refusal with
 * the code and message a call would get, or null. Asked at each `sub`.
 */
export type ChannelGuard = (ch: string, identity: SocketIdentity) => Promise<{ code: number; msg: string } | null>;

export interface GatewayOptions {
  bus: Bus;
  /** Resolves the `token` query parameter; throws or returns null for a bad token. */
  identify(token: string): Promise<SocketIdentity>;
  /** Of these sessions, those that no longer hold (ended, expired, idle...), each with what its sockets are told. */
  lostSessions(sessionIds: number[]): Promise<Map<number, SessionLoss>>;
  /**
   * How often the sessions of open member sockets are judged again: what ends a session without a
   * word on the bus (the 22:00 expiry, idle time, an ending told while the bus was down) closes
   * its sockets within this.
   */
  recheckEveryMs: number;
  /** The modules' guards of their channels, asked in order at each `sub`. */
  guards?: ChannelGuard[];
  /**
   * A channel's sequenced frames (chat) go out at most once per this many ms, several in one
   * `batch` when they come faster (0: each at once, alone).
   */
  batchEveryMs?: number;
}

const MAX_SUBSCRIPTIONS = 64;
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** Sessions judged in one query. */
const RECHECK_BATCH = 500;
/** A socket's session is judged before a `sub` at most this often: a burst of subs costs one query. */
const SUB_RECHECK_MS = 1_000;

/** A member's open socket: its session, and how to end it. */
interface SessionSocket {
  memberId: number;
  sessionId: number;
  end(loss: SessionLoss): void;
}

/**
 * The WebSocket gateway at `/ws`. Clients `sub`/`unsub` channels; every frame on the bus is sent to
 * the local sockets subscribed to its channel. `user:<id>` is open only to that member. A socket
 * lives no longer than its session: a `session.ended` frame (from any instance) tells the sockets
 * of the sessions it names and closes them, and the gateway judges its sockets' sessions again
 * now and then and before accepting a `sub`.
 */
export async function installGateway(
  app: FastifyInstance,
  { bus, identify, lostSessions, recheckEveryMs, guards = [], batchEveryMs = 0 }: GatewayOptions,
): Promise<void> {
  // No permessage-deflate (ws's default, said here on purpose): compressing is per socket, so one
  // frame to 2,000 subscribers would be deflated 2,000 times; odds frames are a few kB.
  await app.register(websocket, { options: { maxPayload: 64 * 1024, perMessageDeflate: false } });
  const byChannel = new Map<string, Set<WebSocket>>();
  const sessionSockets = new Map<WebSocket, SessionSocket>();

  const endLost = (lost: Map<number, SessionLoss>) => {
    for (const open of sessionSockets.values()) {
      const loss = lost.get(open.sessionId);
      if (loss) open.end(loss);
    }
  };
  const endSessions = ({ ch, data }: Frame<'session.ended'>) => {
    const { sessionIds, ...loss } = data;
    for (const open of sessionSockets.values()) {
      if (ch === `user:${open.memberId}` && (!sessionIds || sessionIds.includes(open.sessionId))) open.end(loss);
    }
  };

  /** A frame to its channel's local subscribers, encoded once for all: with thousands on one channel, per-socket encoding dominates. */
  const deliver = (frame: Frame) => {
    const sockets = byChannel.get(frame.ch);
    if (!sockets) return;
    const bytes = Buffer.from(JSON.stringify(frame));
    for (const socket of sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      // A client that stopped reading would make us buffer every frame for it: it is let go.
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) socket.terminate();
      else socket.send(bytes, { binary: false });
    }
  };
  const batcher = channelBatcher(batchEveryMs, deliver);
  const stop = bus.onFrame((frame: Frame) => {
    if (frame.type === 'session.ended') return endSessions(frame);
    if (byChannel.has(frame.ch)) batcher.add(frame);
  });

  let sweeping = false;
  const sweep = async () => {
    if (sweeping || sessionSockets.size === 0) return;
    sweeping = true;
    try {
      const ids = [...new Set([...sessionSockets.values()].map((open) => open.sessionId))];
      for (let i = 0; i < ids.length; i += RECHECK_BATCH) endLost(await lostSessions(ids.slice(i, i + RECHECK_BATCH)));
    } catch (err) {
      app.log.warn({ err }, 'realtime: judging the sessions of open sockets failed; tried again next time');
    } finally {
      sweeping = false;
    }
  };
  const recheck = setInterval(() => void sweep(), recheckEveryMs);
  recheck.unref();
  app.addHook('onClose', async () => {
    stop();
    batcher.stop();
    clearInterval(recheck);
  });

  const send = (socket: WebSocket, frame: Frame) => socket.send(JSON.stringify(frame));

  app.get('/ws', { websocket: true, config: { exempt: true } }, (socket, req) => {
    const token = (req.query as { token?: string }).token;
    // Listeners go on at once and wait for the token check: a client may send `sub` the instant the
    // socket opens, and ws drops what arrives while nobody listens.
    // An ended session is told why, as a call would be (login elsewhere, idle, blocked...).
    let refusal: SessionLoss = { code: Errors.AUTH_INVALID.code, msg: Errors.AUTH_INVALID.msg };
    const identified: Promise<SocketIdentity> = token
      ? identify(token).catch((err: unknown) => {
          if (err instanceof AppError) refusal = { code: err.code, msg: err.message };
          return null;
        })
      : Promise.resolve(null);
    let identity: SocketIdentity = null;
    let checkedAt = 0;
    const mine = new Set<string>();
    const leave = (ch: string) => {
      byChannel.get(ch)?.delete(socket);
      if (byChannel.get(ch)?.size === 0) byChannel.delete(ch);
      mine.delete(ch);
    };
    const forget = () => {
      sessionSockets.delete(socket);
      [...mine].forEach(leave);
    };
    /** Tells the socket why its session is lost, then closes it; nothing more reaches it meanwhile. */
    const end = (loss: SessionLoss) => {
      forget();
      if (socket.readyState !== socket.OPEN) return;
      send(socket, { ch: 'system', type: 'session.ended', data: loss });
      socket.close(4401, 'session');
    };

    void identified.then((who) => {
      identity = who;
      checkedAt = clock.now();
      if (who && socket.readyState === socket.OPEN) sessionSockets.set(socket, { memberId: who.memberId, sessionId: who.sessionId, end });
      if (token && !who) end(refusal);
    });
    // One frame at a time, in arrival order (a `sub` may wait on its session's check).
    let turn: Promise<unknown> = identified;
    socket.on('message', (raw: Buffer) => {
      turn = turn.then(() => (socket.readyState === socket.OPEN ? handle(raw) : undefined)).catch(() => undefined);
    });
    socket.on('close', forget);

    /** Whether the socket's session still holds; a lost one ends the socket. */
    const sessionHolds = async (): Promise<boolean> => {
      if (!identity || clock.now() - checkedAt < SUB_RECHECK_MS) return true;
      const loss = (await lostSessions([identity.sessionId])).get(identity.sessionId);
      checkedAt = clock.now();
      if (loss) end(loss);
      return !loss;
    };

    const handle = async (raw: Buffer) => {
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
      const holds = await sessionHolds().catch(() => null);
      if (holds === null)
        return send(socket, { ch: msg.ch, type: 'sub.denied', data: { ch: msg.ch, code: Errors.INTERFACE_DEGRADE.code, msg: Errors.INTERFACE_DEGRADE.msg } });
      if (!holds) return;
      const refused = await guarded(guards, msg.ch, identity);
      if (refused) return send(socket, { ch: msg.ch, type: 'sub.denied', data: { ch: msg.ch, ...refused } });
      mine.add(msg.ch);
      if (!byChannel.has(msg.ch)) byChannel.set(msg.ch, new Set());
      byChannel.get(msg.ch)!.add(socket);
      send(socket, { ch: msg.ch, type: 'sub.ok', data: { ch: msg.ch } });
    };
  });
}

/** The first guard's refusal; a guard that fails refuses as a busy moment rather than let the socket in. */
async function guarded(guards: ChannelGuard[], ch: string, identity: SocketIdentity): Promise<{ code: number; msg: string } | null> {
  for (const guard of guards) {
    const refused = await guard(ch, identity).catch(() => ({ code: Errors.INTERFACE_DEGRADE.code, msg: Errors.INTERFACE_DEGRADE.msg }));
    if (refused) return refused;
  }
  return null;
}

function deny(ch: string, identity: SocketIdentity, count: number): { code: number; msg: string } | null {
  if (count >= MAX_SUBSCRIPTIONS) return { code: Errors.RATE_LIMIT_C.code, msg: Errors.RATE_LIMIT_C.msg };
  if (ch.startsWith('user:') && (!identity || ch !== `user:${identity.memberId}`)) {
    return { code: Errors.FORBIDDEN.code, msg: Errors.FORBIDDEN.msg };
  }
  if (!/^(match|chat|user|site|table):[A-Za-z0-9_-]{1,64}$/.test(ch)) return { code: Errors.VALIDATION.code, msg: Errors.VALIDATION.msg };
  return null;
}
