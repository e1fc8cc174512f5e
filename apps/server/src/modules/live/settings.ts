import { CHAT_SEND_RATE } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { getConfig } from '../site/index.ts';

/**
 * The live module's site config keys (an operator changes them in the site's config) and their
 * defaults per currency:
 *   live_chat_switch         '0' turns the chat rooms off on the site (the entrance switch)
 *   live_chat_blocked_words  words a message may not contain, separated by commas, '|' or lines
 *   live_gold_rate           gold coins per unit of the site's currency (a whole number)
 *   live_big_win_min         a settled bet paying at least this is announced in its match's rooms
 *   live_chat_send_rate      a member's pace: at most N messages in S seconds, written 'N/S'
 *   live_video_domains       the video domains in the order to try, separated by commas; '' or
 *                            'self' is the site's own origin (seed 8: a client moves on by errors)
 */
const DEFAULTS = {
  live_chat_switch: { CNY: '1', USDT: '1' },
  live_chat_blocked_words: { CNY: '加微信,加qq,代充,刷流水,私下交易,外挂', USDT: '加微信,加qq,代充,刷流水,私下交易,外挂' },
  live_gold_rate: { CNY: '10', USDT: '70' },
  live_big_win_min: { CNY: '1000', USDT: '150' },
  live_chat_send_rate: { CNY: `${CHAT_SEND_RATE.max}/${CHAT_SEND_RATE.windowMs / 1000}`, USDT: `${CHAT_SEND_RATE.max}/${CHAT_SEND_RATE.windowMs / 1000}` },
  live_video_domains: { CNY: 'self', USDT: 'self' },
} as const;

type Key = keyof typeof DEFAULTS;
type Currency = 'CNY' | 'USDT';

export interface LiveSettings {
  chatOn: boolean;
  /** Lower-cased, spaces removed. */
  blockedWords: string[];
  goldRate: number;
  bigWinMinor: bigint;
  sendRate: SendRate;
  /** Origins without a trailing slash; '' is the site's own. */
  videoDomains: string[];
}

/** At most `max` texts and shared bets of one member in `windowMs`, over every room. */
export interface SendRate {
  max: number;
  windowMs: number;
}

/** 'N/S' as a pace; anything else (a typo in the config) keeps the default. */
function sendRateOf(value: string | null | undefined): SendRate {
  const [max, seconds] = (value ?? '').split('/').map(Number);
  const valid = Number.isInteger(max) && max > 0 && max <= 10_000 && Number.isInteger(seconds) && seconds > 0 && seconds <= 3600;
  return valid ? { max, windowMs: seconds * 1000 } : { ...CHAT_SEND_RATE };
}

/** Lower case without spaces: '加 微信' and '加微信' are the same word to the filter. */
export const foldText = (text: string): string => text.toLowerCase().replace(/\s+/g, '');

const wholeNumber = (value: string | null | undefined, fallback: string, max: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 && n <= max ? n : Number(fallback);
};

/** Read outside transactions: on PGlite a query beside an open transaction waits for it to end. */
export async function liveSettings(db: Db, siteId: number, currency: string): Promise<LiveSettings> {
  const cur: Currency = currency === 'USDT' ? 'USDT' : 'CNY';
  const stored = await getConfig(db, siteId, Object.keys(DEFAULTS) as Key[]);
  const value = (key: Key) => stored[key] ?? DEFAULTS[key][cur];
  return {
    chatOn: value('live_chat_switch') !== '0',
    blockedWords: value('live_chat_blocked_words')
      .split(/[,，|\n]/)
      .map(foldText)
      .filter(Boolean),
    goldRate: wholeNumber(stored.live_gold_rate, DEFAULTS.live_gold_rate[cur], 100_000),
    videoDomains: value('live_video_domains')
      .split(/[,，\s]+/)
      .filter(Boolean)
      .map((d) => (d === 'self' ? '' : d.replace(/\/+$/, ''))),
    bigWinMinor: BigInt(wholeNumber(stored.live_big_win_min, DEFAULTS.live_big_win_min[cur], 100_000_000)) * 100n,
    sendRate: sendRateOf(stored.live_chat_send_rate),
  };
}
