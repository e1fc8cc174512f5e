import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../platform/db/index.ts';

/** Accounts a member owns: the main wallet, one per venue, the interest wallet (yeb), bonus, and the
 * member's own hold (withdrawals awaiting payout) and in-transit (venue transfers under way). */
export type MemberAccountKind = 'main' | 'venue' | 'yeb' | 'bonus' | 'hold' | 'transit';

/** The operator's side of every movement, one per site and currency. House balances may go negative.
 * 'venues' is the members' net result at the venues (their wins and losses there). */
export const HOUSE_ACCOUNTS = ['stakes', 'payouts', 'deposits', 'withdrawals', 'interest', 'bonus', 'venues'] as const;
export type HouseAccountName = (typeof HOUSE_ACCOUNTS)[number];

export type CurrencyCode = 'CNY' | 'USDT';

/** Whose money: a member on a site, in that site's currency. Build it from `req.member` and `req.site`. */
export interface WalletOwner {
  memberId: number;
  siteId: number;
  currency: CurrencyCode;
}

export const walletOwner = (site: { siteId: number; currency: string }, memberId: number): WalletOwner => ({
  memberId,
  siteId: site.siteId,
  currency: site.currency as CurrencyCode,
});

export const memberAccountKey = (memberId: number, kind: MemberAccountKind, venue = ''): string =>
  kind === 'venue' ? `member:${memberId}:venue:${venue}` : `member:${memberId}:${kind}`;

export const houseAccountKey = (siteId: number, currency: CurrencyCode, name: HouseAccountName): string =>
  `house:${siteId}:${currency}:${name}`;

interface NewAccount {
  key: string;
  siteId: number;
  currency: CurrencyCode;
  kind: MemberAccountKind | 'house';
  memberId: number | null;
  name: string;
}

/** The id of an account, created on first use. Accounts are never removed, so ids are stable. */
async function ensureAccount(tx: DbOrTx, a: NewAccount): Promise<number> {
  const found = await tx.execute(sql`SELECT account_id FROM wallet_accounts WHERE account_key = ${a.key}`);
  if (found.rows.length > 0) return Number((found.rows[0] as { account_id: unknown }).account_id);
  // A concurrent creator wins the unique key; the select after the no-op insert sees its row.
  await tx.execute(sql`
    INSERT INTO wallet_accounts (account_key, site_id, currency, kind, member_id, name)
    VALUES (${a.key}, ${a.siteId}, ${a.currency}, ${a.kind}, ${a.memberId}, ${a.name})
    ON CONFLICT (account_key) DO NOTHING`);
  const again = await tx.execute(sql`SELECT account_id FROM wallet_accounts WHERE account_key = ${a.key}`);
  return Number((again.rows[0] as { account_id: unknown }).account_id);
}

/** A member's account of `kind` (for 'venue', the venue's api_name). */
export function memberAccount(tx: DbOrTx, owner: WalletOwner, kind: MemberAccountKind = 'main', venue = ''): Promise<number> {
  return ensureAccount(tx, {
    key: memberAccountKey(owner.memberId, kind, venue),
    siteId: owner.siteId,
    currency: owner.currency,
    kind,
    memberId: owner.memberId,
    name: kind === 'venue' ? venue : '',
  });
}

/** The operator's account `name` on a site in a currency, e.g. houseAccount(tx, 1, 'CNY', 'stakes'). */
export function houseAccount(tx: DbOrTx, siteId: number, currency: CurrencyCode, name: HouseAccountName): Promise<number> {
  return ensureAccount(tx, { key: houseAccountKey(siteId, currency, name), siteId, currency, kind: 'house', memberId: null, name });
}

/**
 * Several accounts of one member in one round trip (created on first use), in the order asked:
 * memberAccounts(tx, owner, [['main'], ['venue', 'AG'], ['transit']]).
 */
export async function memberAccounts(tx: DbOrTx, owner: WalletOwner, wanted: Array<[MemberAccountKind, string?]>): Promise<number[]> {
  const keys = wanted.map(([kind, venue]) => memberAccountKey(owner.memberId, kind, venue));
  const { rows } = await tx.execute(sql`
    SELECT account_key, account_id FROM wallet_accounts WHERE account_key IN (${sql.join(keys.map((k) => sql`${k}`), sql`, `)})`);
  const found = new Map((rows as Array<{ account_key: string; account_id: unknown }>).map((r) => [r.account_key, Number(r.account_id)]));
  const ids: number[] = [];
  for (const [i, [kind, venue]] of wanted.entries()) ids.push(found.get(keys[i]) ?? (await memberAccount(tx, owner, kind, venue)));
  return ids;
}
