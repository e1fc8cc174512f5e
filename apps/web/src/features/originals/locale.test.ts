import { describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/index.ts';
import { originalsLocale } from './locale.ts';
import { localeKeys } from '../../shared/i18n/locale-keys.ts';

describe("the originals' words", () => {
  it('[S1-04] exist in zh-CN and, complete, in English; they join the site dictionary when the page loads', () => {
    expect(localeKeys(originalsLocale.en)).toEqual(localeKeys(originalsLocale.zh));
    expect(i18n.t('originals.games.limbo')).toBe('极限倍数');
  });
});
