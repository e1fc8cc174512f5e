import { describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/index.ts';
import { walletLocale } from './locale.ts';
import { localeKeys } from '../../shared/i18n/locale-keys.ts';

describe("the wallet's words", () => {
  it('[S1-04] exist in zh-CN and, complete, in English; they join the site dictionary when the screens load', () => {
    expect(localeKeys(walletLocale.en)).toEqual(localeKeys(walletLocale.zh));
    expect(i18n.t('wallet.main')).toBe('中心钱包');
    expect(i18n.t('walletPages.deposit')).toBe('存款');
    expect(i18n.t('wallet.depositStatus.reviewing')).toBe('审核中');
  });
});
