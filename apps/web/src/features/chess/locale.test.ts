import { describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n/index.ts';
import { localeKeys } from '../../shared/i18n/locale-keys.ts';
import { chessLocale } from './locale.ts';

describe('棋牌’s words', () => {
  it('[S1-04] exist in zh-CN and, complete, in English; they join the site dictionary when the page loads', () => {
    expect(localeKeys(chessLocale.en)).toEqual(localeKeys(chessLocale.zh));
    expect(i18n.t('chess.bidTimes', { n: 3 })).toBe('3倍');
  });
});
