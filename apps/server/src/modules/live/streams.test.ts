import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ANCHOR_STATUS, Errors, VIDEO_DOMAINS_KEY } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';
import { openAnswer, signedHeaders } from '../../platform/security/testing.ts';
import { demoRoom, operator } from './testing.ts';
import { HLS_WINDOW, livePlaylist, segmentData } from './streams/hls.ts';
import { openFlvStreams } from './streams/flv.ts';
import { allLoops, loopOfRoom } from './streams/loops.ts';

let s: TestServer;
let origin: string;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(s.app.server.address() as AddressInfo).port}`;
});
afterAll(() => s.close());
afterEach(() => clock.reset());

/** A free cast: on air from the start. */
const onAir = () => demoRoom(s, '糖糖');
const get = (url: string) => s.inject({ method: 'GET', url });

/** The media sequence and segment names of a playlist. */
function readPlaylist(text: string) {
  const lines = text.trim().split('\n');
  const value = (tag: string) => Number(lines.find((l) => l.startsWith(tag))?.split(':')[1]);
  return {
    sequence: value('#EXT-X-MEDIA-SEQUENCE:'),
    lines,
    uris: lines.filter((l) => l.endsWith('.ts')),
  };
}

/** The PTS (90 kHz) of the first video PES header of an MPEG-TS segment. */
function firstVideoPts(ts: Buffer): number {
  for (let p = 0; p + 188 <= ts.length; p += 188) {
    const control = (ts[p + 3] >> 4) & 3;
    const payload = p + 4 + (control & 2 ? 1 + ts[p + 4] : 0);
    if (!(ts[p + 1] & 0x40) || ts[payload] !== 0 || ts[payload + 1] !== 0 || ts[payload + 2] !== 1 || ts[payload + 3] !== 0xe0) continue;
    const b = ts.subarray(payload + 9, payload + 14);
    return ((b[0] >> 1) & 7) * 2 ** 30 + b[1] * 2 ** 22 + (b[2] >> 1) * 2 ** 15 + b[3] * 2 ** 7 + (b[4] >> 1);
  }
  throw new Error('no video PES header');
}

describe('the sandbox’s live HLS', () => {
  it('[S4-10] an on-air room plays a live playlist: a sliding window whose media sequence grows with time', async () => {
    const room = await onAir();
    const first = await get(`/live/streams/${room.chatRoomNo}/index.m3u8`);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toContain('mpegurl');
    const a = readPlaylist(first.body);
    expect(a.lines).not.toContain('#EXT-X-ENDLIST');
    expect(a.uris).toHaveLength(HLS_WINDOW);
    clock.shift(4_000);
    const b = readPlaylist((await get(`/live/streams/${room.chatRoomNo}/index.m3u8`)).body);
    expect(b.sequence).toBe(a.sequence + 2);
    expect(b.uris.slice(0, HLS_WINDOW - 2)).toEqual(a.uris.slice(2));

    const segment = await get(`/live/streams/${room.chatRoomNo}/${b.uris.at(-1)}`);
    expect(segment.headers['content-type']).toBe('video/mp2t');
    expect(segment.rawPayload[0]).toBe(0x47); // an MPEG-TS packet
    expect((await get(`/live/streams/${room.chatRoomNo}/${b.sequence + 10}.ts`)).statusCode).toBe(404); // not yet made
  });

  it('[S4-10] the loop plays as one continuous stream: timestamps keep growing across its seam, no discontinuity', () => {
    const loop = loopOfRoom(1);
    const n = loop.segments.length;
    // Two segments into the 1000th pass: the seam is inside the window, and not marked.
    const seam = readPlaylist(livePlaylist(loop, 1000 * loop.durationMs + 2 * loop.segments[0].durationMs + 1));
    expect(seam.sequence).toBe(1000 * n + 2 - HLS_WINDOW);
    expect(seam.lines.some((l) => l.includes('DISCONTINUITY'))).toBe(false);
    // Each segment's first video timestamp is 2 s after the one before, over the seam too.
    const starts = [1000 * n - 2, 1000 * n - 1, 1000 * n, 1000 * n + 1].map((seq) => firstVideoPts(segmentData(loop, seq)));
    for (let i = 1; i < starts.length; i++) expect(starts[i] - starts[i - 1]).toBe(2 * 90_000);
  });

  it('[S4-08] [S4-09] a room not on air has no stream: 404 with the seed’s notice as its message', async () => {
    const waiting = await demoRoom(s, '阿杰说球');
    const away = await demoRoom(s, '篮球小美');
    await operator(s, '/api/admin/live/room/update', { anchorRoomId: waiting.anchorRoomId, anchorStatus: ANCHOR_STATUS.NOT_STARTED });
    await operator(s, '/api/admin/live/room/update', { anchorRoomId: away.anchorRoomId, anchorStatus: ANCHOR_STATUS.INTERRUPTED });
    for (const url of [`/live/streams/${waiting.chatRoomNo}/index.m3u8`, `/live/streams/${waiting.chatRoomNo}.flv`]) {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: Errors.STREAM_NOT_STARTED.code, msg: '赛事尚未开始' });
    }
    const interrupted = await get(`/live/streams/${away.chatRoomNo}/index.m3u8`);
    expect(interrupted.json()).toMatchObject({ code: Errors.STREAM_INTERRUPTED.code, msg: '主播暂时离开，请稍候' });
    expect((await get('/live/streams/A999999/index.m3u8')).json()).toMatchObject({ code: Errors.ANCHOR_ROOM_NOT_FOUND.code });
    expect((await get('/live/streams/nonsense.flv')).statusCode).toBe(404);
  });
});

interface Tag {
  type: number;
  ts: number;
  keyframe: boolean;
}

/** Reads an HTTP-FLV stream for `ms`, then hangs up: its header, its tags, when the bytes came. */
function readFlv(url: string, ms: number): Promise<{ header: string; tags: Tag[] }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const req = http.get(url, (res) => {
      res.on('data', (c: Buffer) => chunks.push(c));
      setTimeout(() => {
        req.destroy();
        const all = Buffer.concat(chunks);
        const tags: Tag[] = [];
        for (let at = 13; at + 11 <= all.length;) {
          const size = all.readUIntBE(at + 1, 3);
          if (at + 11 + size + 4 > all.length) break;
          const type = all[at] & 0x1f;
          tags.push({ type, ts: all.readUIntBE(at + 4, 3) | (all[at + 7] << 24), keyframe: type === 9 && all[at + 11] >> 4 === 1 });
          at += 11 + size + 4;
        }
        resolve({ header: all.toString('latin1', 0, 3), tags });
      }, ms);
    });
    req.on('error', reject);
  });
}

describe('the sandbox’s HTTP-FLV', () => {
  it('[S4-10] starts on a keyframe, paces in real time, keeps timestamps growing across the loop’s seam and ends with the viewer', async () => {
    const room = await onAir();
    const loop = loopOfRoom(room.anchorRoomId);
    // Half a second before the loop starts again.
    clock.shift(loop.durationMs - (clock.now() % loop.durationMs) - 500);
    const { header, tags } = await readFlv(`${origin}/live/streams/${room.chatRoomNo}.flv`, 1_500);
    expect(header).toBe('FLV');
    const media = tags.filter((t) => t.type !== 18);
    // The sequence headers at 0, then a keyframe: the picture decodes at once.
    expect(media.slice(0, 2).map((t) => t.ts)).toEqual([0, 0]);
    expect(media.slice(2).find((t) => t.type === 9)).toMatchObject({ keyframe: true });
    const stamps = media.slice(2).map((t) => t.ts);
    for (const type of [8, 9]) {
      const track = media.slice(2).filter((t) => t.type === type);
      for (let i = 1; i < track.length; i++) expect(track[i].ts).toBeGreaterThan(track[i - 1].ts);
    }
    const last = Math.max(...stamps);
    // Joined up to 2 s into a group of pictures (sent at once), then 1.5 s of real time: across the seam, no faster.
    expect(last).toBeGreaterThan(2_400);
    expect(last).toBeLessThan(2_000 + 1_500 + 300);
    await expect.poll(openFlvStreams, { timeout: 2_000 }).toBe(0);
  });
});

describe('the video call', () => {
  const URL = '/api/live/video/url';

  it('[S7-16] a signed GET answers the room’s addresses and the site’s video domains, sealed', async () => {
    const room = await onAir();
    await s.siteConfig.set(1, VIDEO_DOMAINS_KEY, 'https://v1.example.com/, self');
    const ts = String(clock.now());
    const res = await s.inject({ method: 'GET', url: `${URL}?anchorRoomId=${room.anchorRoomId}`, headers: signedHeaders('GET', URL, '', { timestamp: ts }) });
    expect(Object.keys(res.json())).toEqual(['xx']);
    expect(openAnswer(res.body, ts)).toEqual({
      code: 0,
      msg: 'success',
      data: {
        anchorRoomId: room.anchorRoomId,
        chatRoomNo: room.chatRoomNo,
        anchorStatus: ANCHOR_STATUS.LIVE,
        hls: `/live/streams/${room.chatRoomNo}/index.m3u8`,
        flv: `/live/streams/${room.chatRoomNo}.flv`,
        videoDomains: ['https://v1.example.com', ''],
      },
    });
    await s.siteConfig.set(1, VIDEO_DOMAINS_KEY, null);
  });

  it('[S7-16] an unsigned or replayed video call is refused', async () => {
    const room = await onAir();
    const url = `${URL}?anchorRoomId=${room.anchorRoomId}`;
    expect((await s.inject({ method: 'GET', url })).json()).toMatchObject({ code: Errors.BAD_SIGNATURE.code });
    const headers = signedHeaders('GET', URL, '');
    expect(Object.keys((await s.inject({ method: 'GET', url, headers })).json())).toEqual(['xx']);
    expect((await s.inject({ method: 'GET', url, headers })).json()).toMatchObject({ code: Errors.REPLAYED.code });
  });

  it('[S7-16] is documented in the OpenAPI document as a signed GET with a sealed answer', async () => {
    const doc = (await get('/api/docs/json')).json();
    const op = doc.paths[URL].get;
    expect(op.security).toEqual([{ signed: [] }]);
    expect(doc.components.securitySchemes.signed).toMatchObject({ type: 'apiKey', in: 'header' });
    expect(op.responses['200'].description).toContain('`{xx}`');
    expect(op.parameters.map((p: { name?: string }) => p.name)).toContain('anchorRoomId');
  });

  it('an unknown room or a bad id is refused with a clear code', async () => {
    const call = async (query: string) => {
      const ts = String(clock.now());
      const res = await s.inject({ method: 'GET', url: `${URL}?${query}`, headers: signedHeaders('GET', URL, '', { timestamp: ts }) });
      return openAnswer(res.body, ts);
    };
    expect(await call('anchorRoomId=999999')).toMatchObject({ code: Errors.ANCHOR_ROOM_NOT_FOUND.code, msg: '直播间不存在' });
    for (const query of ['anchorRoomId=-3', 'anchorRoomId=abc', '']) expect((await call(query)).code).toBe(Errors.VALIDATION.code);
  });
});

it('the committed loops are small and all readable', () => {
  const bytes = allLoops().reduce((sum, l) => sum + l.segments.reduce((a, x) => a + x.data.length, 0) + l.flvTags.reduce((a, t) => a + t.bytes.length, 0), 0);
  expect(bytes).toBeLessThan(3 * 1024 * 1024);
  for (const l of allLoops()) expect(l.flvPreamble.length).toBeGreaterThanOrEqual(2);
});
