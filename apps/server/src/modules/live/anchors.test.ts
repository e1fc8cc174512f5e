import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ANCHOR_LIST_SIZE, ANCHOR_STATUS, ANCHOR_STATUS_NOTICE, Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { finish, goLive, priced, scriptMatch } from '../sports/testing.ts';
import { rotateDemoAnchors } from './anchors/demo.ts';
import { demoRoom, follow, operator } from './testing.ts';
import { findAnchorRoom } from './anchors/anchors.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  await s.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => s.close());

const list = async (body: Record<string, unknown> = {}) => (await s.call('/api/live/anchor/list', body)).data;

describe('the live list of anchors', () => {
  it('[S3-11] carries the seed’s anchor-match fields, the match’s own for a match anchor', async () => {
    const { list: anchors } = await list();
    const onMatch = anchors.find((a: { matchId: number | null }) => a.matchId !== null);
    expect(Object.keys(onMatch).sort()).toEqual(
      [
        'matchId',
        'homeName',
        'homeLogo',
        'visitName',
        'visitLogo',
        'homeScore',
        'visitScore',
        'startAt',
        'animationUrl',
        'matchName',
        'anchorInfo',
        'matchClass',
        'venueName',
        'anchorStatus',
        'isStart',
        'videoWebUrl',
        'videoFlvUrl',
        'leagueId',
        'tid',
        'ballClassId',
        'anchorType',
        'anchorRoomId',
        'chatRoomNo',
        'roomInfo',
      ].sort(),
    );
    const detail = (await s.call('/api/sports/match/detail', { matchId: onMatch.matchId })).data;
    expect(onMatch).toMatchObject({
      homeName: detail.homeName,
      visitName: detail.visitName,
      homeLogo: detail.homeLogo,
      startAt: detail.startAt,
      matchName: detail.matchName,
      leagueId: detail.leagueId,
      tid: detail.leagueId,
      ballClassId: detail.ballClassId,
      matchClass: detail.matchClass,
      isStart: detail.isStart,
      anchorType: 1,
      anchorInfo: { nickname: expect.any(String), squareLogo: expect.stringMatching(/^\/assets\/live\/anchors\/.+\.svg$/) },
      roomInfo: { title: expect.any(String), desc: expect.any(String) },
      chatRoomNo: `A${onMatch.anchorRoomId}`,
    });
    const logo = await s.inject({ method: 'GET', url: onMatch.anchorInfo.squareLogo });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toContain('image/svg+xml');
  });

  it('[S3-11] a free cast has no match: its match fields are null, it has started when it is on air', async () => {
    const cast = (await list()).list.find((a: { anchorInfo: { nickname: string } }) => a.anchorInfo.nickname === '糖糖');
    expect(cast).toMatchObject({ matchId: null, homeName: null, leagueId: null, anchorType: 2, anchorStatus: ANCHOR_STATUS.LIVE, isStart: true });
  });

  it('[S3-12] lists only anchors with a horizontal screen', async () => {
    const { list: anchors, total } = await list();
    const names = anchors.map((a: { anchorInfo: { nickname: string } }) => a.anchorInfo.nickname);
    expect(names).not.toContain('可可');
    const { rows } = await s.deps.db.execute(sql`SELECT count(*)::int AS n FROM live_anchors WHERE screen = 'horizontal' AND status = '1'`);
    expect(total).toBe((rows[0] as { n: number }).n);
    await s.deps.db.execute(sql`UPDATE live_anchors SET screen = 'vertical' WHERE nickname = '糖糖'`);
    try {
      expect((await list()).total).toBe(total - 1);
    } finally {
      await s.deps.db.execute(sql`UPDATE live_anchors SET screen = 'horizontal' WHERE nickname = '糖糖'`);
    }
  });

  it('[S3-13] shows an anchor on an IMTY match under IM, on an OBTY one under YB', async () => {
    const im = await scriptMatch(s, { venueCode: 'IMTY', leagueId: 1990, home: '鹿岛鹿角', visit: '浦和红钻' });
    const room = await demoRoom(s, '阿飞看盘');
    expect((await operator(s, '/api/admin/live/room/update', { anchorRoomId: room.anchorRoomId, matchId: im.matchId })).data).toMatchObject({
      matchId: im.matchId,
      venueName: 'IM',
      homeName: '鹿岛鹿角',
    });
    const listed = (await list()).list;
    expect(listed.find((a: { anchorRoomId: number }) => a.anchorRoomId === room.anchorRoomId).venueName).toBe('IM');
    const obty = listed.find((a: { anchorInfo: { nickname: string } }) => a.anchorInfo.nickname === '球评老张');
    expect(obty.venueName).toBe('YB');
  });

  it('[S9-01] answers a page of up to 200, 200 by default, and refuses a larger page', async () => {
    const first = await s.call('/api/live/anchor/list', {});
    expect(first.code).toBe(0);
    expect(first.data.list.length).toBe(Math.min(first.data.total, ANCHOR_LIST_SIZE));
    const two = (await list({ page: 1, size: 2 })).list;
    const next = (await list({ page: 2, size: 2 })).list;
    expect(two).toHaveLength(2);
    expect(next[0].anchorRoomId).not.toBe(two[0].anchorRoomId);
    const refused = await s.call('/api/live/anchor/list', { page: 1, size: ANCHOR_LIST_SIZE + 1 });
    expect(refused.code).toBe(Errors.VALIDATION.code);
  });

  it('lists the anchors on air first', async () => {
    const statuses = (await list()).list.map((a: { anchorStatus: number }) => a.anchorStatus);
    const firstOff = statuses.findIndex((st: number) => st !== ANCHOR_STATUS.LIVE);
    expect(statuses.slice(firstOff).every((st: number) => st !== ANCHOR_STATUS.LIVE)).toBe(true);
  });
});

describe('an anchor room’s on-air status and streams, set by the operator', () => {
  it('[S4-08] [S4-09] [S4-10] [S3-07] not started, interrupted, on air: the list, the match entry and the room follow', async () => {
    const match = await scriptMatch(s, { home: '利物浦', visit: '切尔西' });
    const room = await demoRoom(s, '解说小雨');
    const socket = await follow(s, room.chatRoomNo);
    const update = (body: Record<string, unknown>) => operator(s, '/api/admin/live/room/update', { anchorRoomId: room.anchorRoomId, ...body });
    const flv = 'https://pull.example.com/live/xiaoyu.flv';
    const changed = await update({
      matchId: match.matchId,
      anchorStatus: ANCHOR_STATUS.NOT_STARTED,
      flvUrl: flv,
      hlsUrl: 'https://pull.example.com/live/xiaoyu.m3u8',
    });
    expect(changed.data).toMatchObject({ anchorStatus: 0, videoFlvUrl: flv, videoWebUrl: 'https://pull.example.com/live/xiaoyu.m3u8', isStart: false });
    expect(ANCHOR_STATUS_NOTICE[changed.data.anchorStatus]).toBe('赛事尚未开始');
    const entry = async () => (await s.call('/api/sports/match/detail', { matchId: match.matchId })).data;
    expect(await entry()).toMatchObject({ anchor_status: 0, anchor_flv_url: flv });

    expect((await update({ anchorStatus: ANCHOR_STATUS.INTERRUPTED })).data.anchorStatus).toBe(2);
    expect(ANCHOR_STATUS_NOTICE[2]).toBe('主播暂时离开，请稍候');
    expect((await socket.next((f) => f.type === 'anchor.status' && f.data.anchorStatus === 2)).data).toEqual({
      anchorRoomId: room.anchorRoomId,
      chatRoomNo: room.chatRoomNo,
      anchorStatus: 2,
    });
    expect((await update({ anchorStatus: ANCHOR_STATUS.LIVE })).data.anchorStatus).toBe(1);
    expect(ANCHOR_STATUS_NOTICE[1]).toBeUndefined();
    expect((await entry()).anchor_status).toBe(1);
    expect((await list()).list.find((a: { anchorRoomId: number }) => a.anchorRoomId === room.anchorRoomId)).toMatchObject({
      anchorStatus: 1,
      videoFlvUrl: flv,
    });
    socket.close();
  });

  it('a room moved off a match leaves the match without anchor media, its animation kept', async () => {
    const match = await scriptMatch(s);
    const room = await demoRoom(s, '足球小将');
    await operator(s, '/api/admin/live/room/update', { anchorRoomId: room.anchorRoomId, matchId: match.matchId, anchorStatus: 1 });
    expect((await s.call('/api/sports/match/detail', { matchId: match.matchId })).data.anchor_status).toBe(1);
    const cast = await operator(s, '/api/admin/live/room/update', { anchorRoomId: room.anchorRoomId, matchId: null });
    expect(cast.data).toMatchObject({ matchId: null, anchorType: 1 });
    expect((await s.call('/api/sports/match/detail', { matchId: match.matchId })).data).toMatchObject({ anchor_status: null, anchor_flv_url: null });
  });

  it('refuses the operator’s call without an operator session, a bad stream URL, an unknown room or match; nothing changes', async () => {
    const room = await demoRoom(s, '阿杰说球');
    const before = (await list()).list.find((a: { anchorRoomId: number }) => a.anchorRoomId === room.anchorRoomId);
    const anon = await s.call('/api/admin/live/room/update', { anchorRoomId: room.anchorRoomId, anchorStatus: 2 });
    expect([anon.status, anon.code]).toEqual([401, Errors.OPERATOR_AUTH.code]);
    expect((await operator(s, '/api/admin/live/room/update', { anchorRoomId: room.anchorRoomId, flvUrl: 'javascript:alert(1)' })).code).toBe(
      Errors.VALIDATION.code,
    );
    expect((await operator(s, '/api/admin/live/room/update', { anchorRoomId: 99_999, anchorStatus: 2 })).code).toBe(Errors.ANCHOR_ROOM_NOT_FOUND.code);
    expect((await operator(s, '/api/admin/live/room/update', { anchorRoomId: room.anchorRoomId, matchId: 999_999_999 })).code).toBe(
      Errors.MATCH_NOT_FOUND.code,
    );
    expect((await list()).list.find((a: { anchorRoomId: number }) => a.anchorRoomId === room.anchorRoomId)).toEqual(before);
  });
});

describe('the demo anchors', () => {
  it('follow the book: on air while their match is in play, on to another open match once it is over', async () => {
    const room = await demoRoom(s, '篮球小美');
    const match = await scriptMatch(s, { sport: 'basketball', markets: [priced('ml', [1.5, 2.5])] });
    await s.deps.db.execute(sql`UPDATE live_anchor_rooms SET match_id = ${match.matchId}, anchor_status = 0 WHERE anchor_room_id = ${room.anchorRoomId}`);
    await goLive(s, match);
    await rotateDemoAnchors(s.deps);
    expect(await findAnchorRoom(s.deps.db, room.anchorRoomId)).toMatchObject({ matchId: match.matchId, anchorStatus: ANCHOR_STATUS.LIVE });
    expect((await s.call('/api/sports/match/detail', { matchId: match.matchId })).data.anchor_status).toBe(ANCHOR_STATUS.LIVE);

    await finish(s, match, { homeScore: 101, visitScore: 99 });
    await rotateDemoAnchors(s.deps);
    const moved = (await findAnchorRoom(s.deps.db, room.anchorRoomId))!;
    expect(moved.matchId).not.toBe(match.matchId);
    const next = (await s.call('/api/sports/match/detail', { matchId: moved.matchId })).data;
    expect(next).toMatchObject({ sport: 'basketball', status: expect.stringMatching(/^(scheduled|live)$/) });
    expect(moved.anchorStatus).toBe(next.status === 'live' ? ANCHOR_STATUS.LIVE : ANCHOR_STATUS.NOT_STARTED);
    expect((await s.call('/api/sports/match/detail', { matchId: match.matchId })).data.anchor_status).toBeNull();
  });

  it('leave a room the operator changed alone', async () => {
    const room = await demoRoom(s, '电竞老K');
    const match = await scriptMatch(s, { sport: 'esports', markets: [priced('match_winner', [1.6, 2.2])] });
    await operator(s, '/api/admin/live/room/update', { anchorRoomId: room.anchorRoomId, matchId: match.matchId, anchorStatus: ANCHOR_STATUS.INTERRUPTED });
    await goLive(s, match);
    await rotateDemoAnchors(s.deps);
    expect(await findAnchorRoom(s.deps.db, room.anchorRoomId)).toMatchObject({
      matchId: match.matchId,
      anchorStatus: ANCHOR_STATUS.INTERRUPTED,
      followsMatch: false,
    });
  });
});
