import { describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/index.ts';
import { vipLocale } from './locale.ts';
import { localeKeys } from '../../shared/i18n/locale-keys.ts';

describe("the VIP screens' words", () => {
  it('[S1-04] exist in zh-CN and, complete, in English; they join the site dictionary when the page loads', () => {
    expect(localeKeys(vipLocale.en)).toEqual(localeKeys(vipLocale.zh));
    expect(i18n.t('vip.benefits')).toBe('等级特权');
    expect(i18n.t('vipPages.welfare')).toBe('福利中心');
  });
});
