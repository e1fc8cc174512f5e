import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ANCHOR_STATUS, type ErrorName } from '@bp/contract';
import { defineRoute, sendEnvelope } from '../../platform/http/index.ts';
import { clock } from '../../platform/clock.ts';
import { MemoryCache } from '../../platform/cache.ts';
import type { Deps } from '../../platform/deps.ts';
import { findAnchorRoom, requireAnchorRoom } from './anchors/anchors.ts';
import { DEMO_STREAM_BASE } from './anchors/demo.ts';
import { liveSettings } from './settings.ts';
import { livePlaylist, segmentData, segmentsEnded } from './streams/hls.ts';
import { flvStream } from './streams/flv.ts';
import { loopOfRoom } from './streams/loops.ts';

/** `A<anchorRoomId>`, the chat room number an anchor room's streams are named by. */
const ROOM_NO = /^A([1-9]\d{0,9})$/;

/** What keeps a room from streaming: unknown, or not on air (seed 4's two notices). */
const OFF_AIR: Record<number, ErrorName> = {
  [ANCHOR_STATUS.NOT_STARTED]: 'STREAM_NOT_STARTED',
  [ANCHOR_STATUS.INTERRUPTED]: 'STREAM_INTERRUPTED',
};

const paramsOf = (req: FastifyRequest) => req.params as Record<string, string>;

/** Players on other video domains read the streams too: they are public. */
const PUBLIC = { 'access-control-allow-origin': '*' };

/**
 * The sandbox's own live streams (every demo room plays one of the test loops), and the signed
 * video call that gives a client a room's addresses (seed 7) with the site's video domains (seed 8).
 */
export function streamRoutes(app: FastifyInstance, deps: Deps): void {
  const { db } = deps;
  // Players ask every couple of seconds; a second's staleness of the on-air status is fine.
  const statusCache = new MemoryCache<number | null>(1_000, 10_000);
  const statusOf = (anchorRoomId: number) =>
    statusCache.through(String(anchorRoomId), async () => (await findAnchorRoom(db, anchorRoomId))?.anchorStatus ?? null);

  /** The room of a stream address when it is on air; otherwise answers 404 and gives null. */
  async function onAirRoom(roomNo: string, reply: FastifyReply): Promise<number | null> {
    const id = Number(ROOM_NO.exec(roomNo)?.[1] ?? NaN);
    const status = Number.isSafeInteger(id) ? await statusOf(id) : null;
    const refusal: ErrorName | null = status === null ? 'ANCHOR_ROOM_NOT_FOUND' : (OFF_AIR[status] ?? null);
    if (refusal) {
      await sendEnvelope(reply.headers(PUBLIC), 404, refusal);
      return null;
    }
    return id;
  }

  app.get(`${DEMO_STREAM_BASE}/:room/index.m3u8`, { schema: { hide: true }, config: { exempt: true, rateLimit: 'read' } }, async (req, reply) => {
    const id = await onAirRoom(paramsOf(req).room, reply);
    if (id === null) return reply;
    return reply
      .headers({ ...PUBLIC, 'content-type': 'application/vnd.apple.mpegurl', 'cache-control': 'no-cache' })
      .send(livePlaylist(loopOfRoom(id), clock.now()));
  });

  app.get(`${DEMO_STREAM_BASE}/:room/:seg`, { schema: { hide: true }, config: { exempt: true, rateLimit: false } }, async (req, reply) => {
    const seq = Number(/^(\d{1,15})\.ts$/.exec(paramsOf(req).seg)?.[1] ?? NaN);
    const id = await onAirRoom(paramsOf(req).room, reply);
    if (id === null) return reply;
    const loop = loopOfRoom(id);
    // A segment the clock has not reached yet, or no segment at all.
    if (!Number.isSafeInteger(seq) || seq > segmentsEnded(loop, clock.now())) return sendEnvelope(reply.headers(PUBLIC), 404, 'NOT_FOUND');
    return reply.headers({ ...PUBLIC, 'content-type': 'video/mp2t', 'cache-control': 'public, max-age=60' }).send(segmentData(loop, seq));
  });

  app.get(`${DEMO_STREAM_BASE}/:file`, { schema: { hide: true }, config: { exempt: true, rateLimit: 'read' } }, async (req, reply) => {
    const roomNo = /^(.+)\.flv$/.exec(paramsOf(req).file)?.[1] ?? '';
    const id = await onAirRoom(roomNo, reply);
    if (id === null) return reply;
    const stream = flvStream(loopOfRoom(id), { now: () => clock.now(), onAir: async () => (await statusOf(id)) === ANCHOR_STATUS.LIVE });
    // The viewer went: stop pacing at once.
    req.raw.on('close', () => stream.destroy());
    return reply.headers({ ...PUBLIC, 'content-type': 'video/x-flv', 'cache-control': 'no-store' }).send(stream);
  });

  defineRoute(
    app,
    {
      url: '/api/live/video/url',
      summary: 'A room’s stream addresses and the site’s video domains (signed GET, sealed answer)',
      rateLimit: 'read',
      sealAnswer: true,
    },
    async (req) => {
      const room = await requireAnchorRoom(db, req.query.anchorRoomId);
      const { videoDomains } = await liveSettings(db, req.site.siteId, req.site.currency);
      return {
        anchorRoomId: room.anchorRoomId,
        chatRoomNo: room.chatRoomNo,
        anchorStatus: room.anchorStatus,
        hls: room.hlsUrl,
        flv: room.flvUrl,
        videoDomains: videoDomains.length ? videoDomains : [''],
      };
    },
  );
}
