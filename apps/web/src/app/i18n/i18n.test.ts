// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import i18n, { applyLanguageFlag } from './index.ts';
import { localeKeys } from '../../shared/i18n/locale-keys.ts';

describe('languages', () => {
  it('[S1-04] speaks zh-CN; English exists, complete, but only the site flag turns it on', async () => {
    expect(i18n.language).toBe('zh-CN');
    expect(i18n.t('auth.loginFirst')).toBe('请先登录');
    const zh = localeKeys(i18n.getResourceBundle('zh-CN', 'translation'));
    const en = localeKeys(i18n.getResourceBundle('en', 'translation'));
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
