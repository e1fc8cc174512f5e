import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { VIDEO_DOMAINS_KEY } from '@bp/contract';
import { demoRoom } from '../apps/server/src/modules/live/testing.ts';
import { browserAvailable, shoot } from './harness.ts';
import { firstRealFrame, startPlayerSite, type PlayerSite } from './stream-page.ts';

/**
 * The live player on a demo room's stream, in Chromium: a decoded picture that is not black, by HLS
 * and by HTTP-FLV, the off-air notices, and a first video domain that fails. The player is on a page
 * of its own (e2e/stream-page) until the anchor room screen hosts it.
 */
describe.runIf(browserAvailable())('the live player', () => {
  let site: PlayerSite;
  let room: number;
  beforeAll(async () => {
    site = await startPlayerSite();
    room = (await demoRoom(site.server, '糖糖')).anchorRoomId; // a free cast: on air
  }, 120_000);
  afterAll(async () => site?.close());

  const player = (page: Page) => page.locator('.bp-stream');
  const moves = (page: Page) =>
    page.evaluate(async () => {
      const video = document.querySelector('video')!;
      const before = video.currentTime;
      await new Promise((r) => setTimeout(r, 1_500));
      return video.currentTime - before;
    });

  for (const prefer of ['hls', 'flv'] as const) {
    it(`[S4-10] [S7-16] an on-air room plays by ${prefer.toUpperCase()}: a decoded picture, not black, that moves`, async () => {
      const page = await site.open({ room, prefer });
      const frame = await firstRealFrame(page);
      expect(frame.brightShare).toBeGreaterThan(0.2);
      await expect.poll(() => player(page).getAttribute('data-engine')).toBe(prefer);
      expect(await moves(page)).toBeGreaterThan(0.8);
      await shoot(page, `stream-${prefer}`);
      // Where the browser held the sound back, the picture plays muted and a tap turns it on.
      const state = await player(page).getAttribute('data-state');
      expect(['playing', 'muted']).toContain(state);
      if (state === 'muted') {
        await page.getByRole('button', { name: '点击开启声音' }).click();
        await expect.poll(() => page.evaluate(() => document.querySelector('video')!.muted)).toBe(false);
        await expect.poll(() => player(page).getAttribute('data-state')).toBe('playing');
      }
      await page.context().close();
    });
  }

  it('[S4-08] [S4-09] off air, the seed’s notice takes the picture’s place', async () => {
    for (const [status, notice] of [
      [0, '赛事尚未开始'],
      [2, '主播暂时离开，请稍候'],
    ] as const) {
      const page = await site.open({ room, status, theme: status === 0 ? 'fresh' : 'glow' });
      await expect.poll(() => player(page).getAttribute('data-state')).toBe('off');
      expect(await player(page).textContent()).toBe(notice);
      expect(await page.locator('video').count()).toBe(0);
      await shoot(page, `stream-off-${status}-${status === 0 ? 'fresh' : 'glow'}`);
      await page.context().close();
    }
  });

  it('[S4-10] a stream that cannot be had: reconnecting with backoff, then the error state, whose retry starts again', async () => {
    const page = await site.open({ flv: '/live/streams/A999999.flv', prefer: 'flv', theme: 'mecha' });
    await expect.poll(() => player(page).getAttribute('data-state')).toBe('reconnecting');
    expect(await player(page).textContent()).toContain('信号不稳定，正在重新连接');
    await shoot(page, 'stream-reconnecting-mecha');
    // Five tries after 1, 2, 4, 8 and 15 s.
    await expect.poll(() => player(page).getAttribute('data-state'), { timeout: 45_000, interval: 1_000 }).toBe('failed');
    expect(await page.getByRole('alert').textContent()).toContain('直播加载失败');
    await shoot(page, 'stream-failed-mecha');
    await page.getByRole('button', { name: '重试' }).click();
    await expect.poll(() => player(page).getAttribute('data-state')).not.toBe('failed');
    await page.context().close();
  }, 60_000);

  it('[S8-19] the first video domain fails: the player moves to the next one by error count, plays, and remembers it', async () => {
    await site.server.siteConfig.set(1, VIDEO_DOMAINS_KEY, 'http://127.0.0.1:9,self');
    try {
      const page = await site.open({ room, prefer: 'hls' });
      const failed: string[] = [];
      page.on('requestfailed', (r) => failed.push(r.url()));
      const frame = await firstRealFrame(page, 30_000);
      expect(frame.brightShare).toBeGreaterThan(0.2);
      expect(failed.some((url) => url.startsWith('http://127.0.0.1:9/live/streams/'))).toBe(true);
      expect(await player(page).getAttribute('data-domain')).toBe('');
      expect(await page.evaluate(() => localStorage.getItem('bp.videoDomain'))).toBe('');
      await page.context().close();
    } finally {
      await site.server.siteConfig.set(1, VIDEO_DOMAINS_KEY, null);
    }
  });
});
