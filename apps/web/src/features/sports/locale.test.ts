import { describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/index.ts';
import { sportsLocale } from './locale.ts';
import { localeKeys } from '../../shared/i18n/locale-keys.ts';

describe("the sportsbook's words", () => {
  it('[S1-04] join the site in zh-CN when the sports screens load, with a complete English beside them', () => {
    expect(localeKeys(sportsLocale.en)).toEqual(localeKeys(sportsLocale.zh));
    expect(i18n.t('sports.slip.parlayName', { n: 3 })).toBe('3串1');
    expect(i18n.t('sports.period.quarter', { n: 2 })).toBe('第2节');
    expect(i18n.t('tabs.sports')).toBe('体育');
  });
});
