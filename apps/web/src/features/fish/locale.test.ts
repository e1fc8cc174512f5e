import { describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/index.ts';
import { localeKeys } from '../../shared/i18n/locale-keys.ts';
import { fishLocale } from './locale.ts';

describe('捕鱼’s words', () => {
  it('[S1-04] exist in zh-CN and, complete, in English; they join the site dictionary when the page loads', () => {
    expect(localeKeys(fishLocale.en)).toEqual(localeKeys(fishLocale.zh));
    expect(i18n.t('fish.names.dragon')).toBe('黄金龙');
  });
});
