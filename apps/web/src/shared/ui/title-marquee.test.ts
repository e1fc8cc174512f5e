import { afterEach, describe, expect, it, vi } from 'vitest';
import { TITLE_MARQUEE, isSafari, loopText, marqueeMinLength, nextFrame, shouldScroll, startTitleMarquee } from './title-marquee.ts';

const CHROME = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

afterEach(() => vi.useRealTimers());

describe('the title marquee', () => {
  it('[S2-13] scrolls from 28 characters on Safari and from 15 on the others', () => {
    expect(isSafari(SAFARI)).toBe(true);
    expect(isSafari(CHROME)).toBe(false);
    expect(marqueeMinLength(SAFARI)).toBe(28);
    expect(marqueeMinLength(CHROME)).toBe(15);
    expect(shouldScroll('一'.repeat(14), CHROME)).toBe(false);
    expect(shouldScroll('一'.repeat(15), CHROME)).toBe(true);
    expect(shouldScroll('一'.repeat(27), SAFARI)).toBe(false);
    expect(shouldScroll('一'.repeat(28), SAFARI)).toBe(true);
  });

  it('[S2-13] moves one character per step without splitting characters', () => {
    expect(nextFrame('皇冠体育 - 首页')).toBe('冠体育 - 首页皇');
    expect(nextFrame('😀ab')).toBe('ab😀');
    expect(nextFrame('a')).toBe('a');
  });

  it('[S2-13] steps every 300 ms, only while the tab is visible', () => {
    vi.useFakeTimers();
    const doc = { title: '', visibilityState: 'visible' } as unknown as Document;
    const marquee = startTitleMarquee(doc, CHROME);
    const long = '皇冠体育 - 亚洲信赖的体育娱乐平台';
    marquee.set(long);
    vi.advanceTimersByTime(TITLE_MARQUEE.stepMs - 1);
    expect(doc.title).toBe(long);
    vi.advanceTimersByTime(1);
    const step1 = nextFrame(loopText(long));
    expect(doc.title).toBe(step1);
    expect(step1.startsWith('冠体育\u00a0-\u00a0亚洲')).toBe(true);
    (doc as { visibilityState: string }).visibilityState = 'hidden';
    vi.advanceTimersByTime(3_000);
    expect(doc.title).toBe(step1);
    (doc as { visibilityState: string }).visibilityState = 'visible';
    vi.advanceTimersByTime(300);
    expect(doc.title).toBe(nextFrame(step1));
    marquee.set('登录 - 皇冠体育');
    vi.advanceTimersByTime(3_000);
    expect(doc.title).toBe('登录 - 皇冠体育');
    marquee.stop();
  });
});
