import { addLocale, type Locale } from '../i18n/index.ts';

/** The venue purse's words (loaded with the game screens that show it). */
export const purseLocale: Locale = {
  zh: {
    purse: {
      at: '{{name}}余额',
      in: '转入',
      out: '全部转出',
      inTitle: '转入{{name}}',
      main: '中心钱包可用 {{amount}}',
      all: '全部 {{amount}}',
      done: '额度转换成功',
    },
  },
  en: {
    purse: {
      at: 'At {{name}}',
      in: 'Move in',
      out: 'Move all out',
      inTitle: 'Move money to {{name}}',
      main: 'Main wallet {{amount}}',
      all: 'All {{amount}}',
      done: 'Transferred',
    },
  },
};

addLocale(purseLocale);
