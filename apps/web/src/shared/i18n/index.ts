import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { common } from './common.ts';

/**
 * zh-CN is the site's language (seed 1). English is present and complete, but switched off: it is
 * offered only when the site's flag (perInfo.englishEnabled) turns it on.
 */
export type Dictionary = { [key: string]: string | Dictionary };
export interface Locale {
  zh: Dictionary;
  en: Dictionary;
}

export const LANGUAGE_KEY = 'bp.language';

void i18n.use(initReactI18next).init({
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  // One language's words are looked up, not also a bare 'zh': every t() resolved the hierarchy anew.
  load: 'currentOnly',
  supportedLngs: ['zh-CN', 'en'],
  resources: { 'zh-CN': { translation: common.zh }, en: { translation: common.en } },
  interpolation: { escapeValue: false },
  initAsync: false,
  showSupportNotice: false,
});

/**
 * Adds the words of a part to both languages: each feature's `locale.ts` adds its own when it is
 * loaded (the app loads the first screen's features at once, a lazy screen's with its chunk).
 */
export function addLocale(locale: Locale): void {
  i18n.addResourceBundle('zh-CN', 'translation', locale.zh, true, false);
  i18n.addResourceBundle('en', 'translation', locale.en, true, false);
}

/** Turns English on or off as the site's flag says; zh-CN whenever it is off. */
export function applyLanguageFlag(englishEnabled: boolean, wanted: string | null): void {
  const lng = englishEnabled && wanted === 'en' ? 'en' : 'zh-CN';
  if (i18n.language !== lng) void i18n.changeLanguage(lng);
  document.documentElement.lang = lng;
}

export default i18n;
