import { describe, expect, it } from 'vitest';
import i18n from '../../app/i18n/index.ts';
import { sportsLocale } from './locale.ts';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe("the sportsbook's words", () => {
  it('[S1-04] join the site in zh-CN when the sports screens load, with a complete English beside them', () => {
    expect(keys(sportsLocale.en as Tree).sort()).toEqual(keys(sportsLocale.zh as Tree).sort());
    expect(i18n.t('sports.slip.parlayName', { n: 3 })).toBe('3串1');
    expect(i18n.t('sports.period.quarter', { n: 2 })).toBe('第2节');
    expect(i18n.t('tabs.sports')).toBe('体育');
  });
});
