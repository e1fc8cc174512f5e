import { describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/index.ts';
import { localeKeys } from '../../shared/i18n/locale-keys.ts';
import { promoLocale } from './locale.ts';
import { landingAngle } from './wheel.ts';
import { stageProgress } from './barrier.ts';

describe("the promotions screens' words", () => {
  it('[S1-04] exist in zh-CN and, complete, in English; they join the site dictionary when the page loads', () => {
    expect(localeKeys(promoLocale.en)).toEqual(localeKeys(promoLocale.zh));
    expect(i18n.t('promo.wheel.spin')).toBe('抽奖');
    expect(i18n.t('tabs.promo')).toBe('优惠');
  });
});

describe('the wheel', () => {
  it('[S3-05] turns forward by whole turns and stops with the prize drawn under the pointer at the top', () => {
    // Segment i of n spans [i, i+1) x 360/n clockwise from the top; turned by a, the top shows the angle -a.
    const under = (angle: number, count: number) => Math.floor((((360 - (angle % 360)) % 360) / 360) * count);
    let angle = 0;
    for (const [index, count] of [
      [0, 5],
      [3, 5],
      [4, 5],
      [1, 8],
      [1, 8],
    ]) {
      const next = landingAngle(angle, index, count);
      expect(next - angle).toBeGreaterThanOrEqual(5 * 360 - 360);
      expect(under(next, count)).toBe(index);
      angle = next;
    }
  });
});

describe('闯关 progress', () => {
  it('[S7-15] fills each stage an equal stretch of the bar, partly as the turnover goes, full past the last', () => {
    const stages = [1_000, 5_000, 20_000, 50_000, 100_000];
    expect(stageProgress(0, stages)).toBe(0);
    expect(stageProgress(500, stages)).toBe(10);
    expect(stageProgress(1_000, stages)).toBe(20);
    expect(stageProgress(3_000, stages)).toBe(30);
    expect(stageProgress(100_000, stages)).toBe(100);
    expect(stageProgress(250_000, stages)).toBe(100);
  });
});
