import { getConfig } from '../site/index.ts';
import type { Db } from '../../platform/db/index.ts';
import type { CurrencyCode } from './accounts.ts';

/**
 * The wallet's site config keys (an operator changes them in the site's config) and their
 * defaults per currency. Amounts are in the site's currency, as an operator writes them.
 */
const DEFAULTS = {
  deposit_cancel_limit: { CNY: '3', USDT: '3' },
  /** Site currency per 1 USDT, for USDT payments and payouts on a CNY site. */
  usdt_rate: { CNY: '7.20', USDT: '1' },
  withdraw_min: { CNY: '100', USDT: '10' },
  withdraw_max: { CNY: '50000', USDT: '10000' },
  withdraw_fee_percent: { CNY: '1', USDT: '1' },
  withdraw_free_times: { CNY: '3', USDT: '3' },
  /** Each deposit must be staked this many times before a withdrawal. */
  withdraw_turnover_multiple: { CNY: '1', USDT: '1' },
  /** A manual adjustment above this amount needs a second operator's approval (about ¥10,000 either way). */
  adjust_approval_threshold: { CNY: '10000', USDT: '1400' },
} as const;

export type WalletSettingKey = keyof typeof DEFAULTS;
export type WalletSettings = Record<WalletSettingKey, number>;

/** Read outside transactions: on PGlite a query beside an open transaction waits for it to end. */
export async function walletSettings(db: Db, siteId: number, currency: CurrencyCode): Promise<WalletSettings> {
  const keys = Object.keys(DEFAULTS) as WalletSettingKey[];
  const stored = await getConfig(db, siteId, keys);
  const out = {} as WalletSettings;
  for (const key of keys) {
    const value = Number(stored[key] ?? DEFAULTS[key][currency]);
    out[key] = Number.isFinite(value) && value >= 0 ? value : Number(DEFAULTS[key][currency]);
  }
  return out;
}
