// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import i18n, { applyLanguageFlag } from './index.ts';

type Tree = { [key: string]: string | Tree };
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keys(v, `${prefix}${k}.`)));

describe('languages', () => {
  it('[S1-04] speaks zh-CN; English exists, complete, but only the site flag turns it on', async () => {
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('auth.loginFirst')).toBe('请先登录');
    const zh = keys(i18n.getResourceBundle('zh-CN', 'translation') as Tree).sort();
    const en = keys(i18n.getResourceBundle('en', 'translation') as Tree).sort();
    expect(en).toEqual(zh);
    applyLanguageFlag(false, 'en');
    expect(i18n.language).toBe('zh-CN');
    applyLanguageFlag(true, 'en');
    expect(i18n.language).toBe('en');
    expect(i18n.t('auth.loginFirst')).toBe('Please log in first');
    applyLanguageFlag(false, 'en');
    expect(i18n.language).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });

  it('[S8-13] [S8-14] has the seed toasts in zh-CN', () => {
    expect(i18n.t('api.timeoutToast')).toBe('网络超时，请重试');
    expect(i18n.t('api.networkToast', { status: 503 })).toBe('网络异常 503');
    expect(i18n.t('api.warmTips')).toBe('温馨提示');
  });
});
