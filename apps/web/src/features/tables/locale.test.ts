import { describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/index.ts';
import { localeKeys } from '../../shared/i18n/locale-keys.ts';
import { tablesLocale } from './locale.ts';

describe("the live tables' words", () => {
  it('[S1-04] exist in zh-CN and, complete, in English; they join the site dictionary with the table screens', () => {
    expect(localeKeys(tablesLocale.en)).toEqual(localeKeys(tablesLocale.zh));
    expect(i18n.t('tables.spot.banker')).toBe('庄');
  });
});
