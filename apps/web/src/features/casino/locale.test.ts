import { describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/index.ts';
import { casinoLocale } from './locale.ts';
import { localeKeys } from '../../shared/i18n/locale-keys.ts';

describe("the electronic games' words", () => {
  it('[S1-04] exist in zh-CN and, complete, in English; they join the site dictionary when the page loads', () => {
    expect(localeKeys(casinoLocale.en)).toEqual(localeKeys(casinoLocale.zh));
    expect(i18n.t('egame.tabs.collected')).toBe('收藏');
  });
});
