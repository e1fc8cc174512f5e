import { describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/index.ts';
import { localeKeys } from '../../shared/i18n/locale-keys.ts';
import { newsLocale } from './locale.ts';

describe("the news screens' words", () => {
  it('[S1-04] exist in zh-CN and, complete, in English; they join the site dictionary when the page loads', () => {
    expect(localeKeys(newsLocale.en)).toEqual(localeKeys(newsLocale.zh));
    expect(i18n.t('news.tabs.tables')).toBe('积分榜');
    expect(i18n.t('newsPages.list')).toBe('体育资讯');
  });
});
