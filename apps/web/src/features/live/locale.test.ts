import { describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/index.ts';
import { localeKeys } from '../../shared/i18n/locale-keys.ts';
import { liveLocale } from './locale.ts';

describe('live’s words', () => {
  it('[S1-04] exist in zh-CN and, complete, in English; they join the site dictionary with the live screens', () => {
    expect(localeKeys(liveLocale.en)).toEqual(localeKeys(liveLocale.zh));
    expect(i18n.t('live.gift.send')).toBe('赠送');
    expect(i18n.t('tabs.live')).toBe('直播');
  });
});
