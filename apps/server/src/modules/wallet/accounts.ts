import { sql, type SQL } from 'drizzle-orm';
import { arrayParam, executePrepared, type DbOrTx } from '../../platform/db/index.ts';

/** Accounts a member owns: the main wallet, one per venue, the interest wallet (yeb), bonus, the
 * member's own hold (withdrawals awaiting payout) and in-transit (venue transfers under way), and
 * gold coins (in GOLD, see goldAccount). */
export type MemberAccountKind = 'main' | 'venue' | 'yeb' | 'bonus' | 'hold' | 'transit' | 'gold';

/** The operator's side of every movement, one per site and currency. House balances may go negative.
 * 'venues' is the members' net result at the venues (their wins and losses there). 'gold' is, in
 * the site's currency, what members paid for gold coins and, in GOLD, the coins issued to them;
 * 'gifts' is the house's part of the gifts anchors received (GOLD); 'adjustments' the other side of
 * operators' manual credits and debits. */
export const HOUSE_ACCOUNTS = ['stakes', 'payouts', 'deposits', 'withdrawals', 'interest', 'bonus', 'venues', 'gold', 'gifts', 'adjustments'] as const;
export type HouseAccountName = (typeof HOUSE_ACCOUNTS)[number];

export type CurrencyCode = 'CNY' | 'USDT';
/**
 * What the ledger counts: a site's currency, or its gold coins (GOLD, in hundredths of a coin like
 * minor units). Gold is bought with the site's currency and given to anchors; coins of one site
 * never move to another.
 */
export type LedgerCurrency = CurrencyCode | 'GOLD';
export const GOLD: LedgerCurrency = 'GOLD';

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

export const houseAccountKey = (siteId: number, currency: LedgerCurrency, name: HouseAccountName): string => `house:${siteId}:${currency}:${name}`;

/**
 * A house account that many members' transfers would otherwise queue on (each posting holds its
 * row until commit) is split in slices, one row each; a member always uses the same slice. The
 * house's figure is the sum of the slices (and of the unsliced account of earlier postings).
 */
export const HOUSE_SLICES = 16;
export const houseSliceKey = (siteId: number, currency: LedgerCurrency, name: HouseAccountName, memberId: number): string =>
  `${houseAccountKey(siteId, currency, name)}:${memberId % HOUSE_SLICES}`;

let batchSlices = 0;
/**
 * A slice for a batch's movements (the house side of all of them), a different one for each batch
 * in turn: two batches in flight never wait on one house row (per member, two batches of a dozen
 * members each all but always shared one; the second waited for the first's commit).
 */
export const nextHouseSlice = (): number => batchSlices++ % HOUSE_SLICES;

/** An account by its natural key, with what it is made of should it not exist yet (created on first use). */
export interface NewAccount {
  key: string;
  siteId: number;
  currency: LedgerCurrency;
  kind: MemberAccountKind | 'house' | 'anchor';
  memberId: number | null;
  name: string;
}

/** An account's id as an SQL expression, the account created on first use (SQL wallet_account_id). */
const accountId = (a: NewAccount): SQL => sql`wallet_account_id(${a.key}, ${a.siteId}, ${a.currency}, ${a.kind}, ${a.memberId}, ${a.name})`;

/** An account of a movement: its id, or its natural key (created on first use). */
export type AccountRef = number | NewAccount;

/** One account's id as an SQL expression. */
export const accountRefId = (ref: AccountRef): SQL => (typeof ref === 'number' ? sql`${ref}::bigint` : accountId(ref));

/**
 * The ids of `refs` in their order as one bigint[] expression (SQL wallet_account_ids), each
 * account created on first use. Its text is the same whatever the number of accounts, so a batch's
 * statement is parsed and planned as one shape (an expression per account cost a third of a
 * millisecond of planning per bet batch).
 */
export function accountRefIds(refs: AccountRef[]): SQL {
  const col = <T extends string | number | null>(pick: (a: NewAccount) => T, type: string) =>
    arrayParam(
      refs.map((r) => (typeof r === 'number' ? null : pick(r))),
      type,
    );
  return sql`wallet_account_ids(${arrayParam(
    refs.map((r) => (typeof r === 'number' ? r : null)),
    'bigint[]',
  )}, ${col((a) => a.key, 'text[]')}, ${col((a) => a.siteId, 'int[]')}, ${col((a) => a.currency, 'text[]')},
    ${col((a) => a.kind, 'text[]')}, ${col((a) => a.memberId, 'bigint[]')}, ${col((a) => a.name, 'text[]')})`;
}

/** The ids of accounts in the order asked, each created on first use, in one round trip.
 * Accounts are never removed, so ids are stable. */
async function ensureAccounts(tx: DbOrTx, wanted: NewAccount[]): Promise<number[]> {
  const ids = wanted.map((a, i) => sql`${accountId(a)} AS ${sql.raw(`a${i}`)}`);
  const { rows } = await executePrepared(tx, sql`SELECT ${sql.join(ids, sql`, `)}`);
  const row = rows[0] as Record<string, unknown>;
  return wanted.map((_, i) => Number(row[`a${i}`]));
}

const memberAccountRow = (owner: WalletOwner, kind: MemberAccountKind, venue = ''): NewAccount => ({
  key: memberAccountKey(owner.memberId, kind, venue),
  siteId: owner.siteId,
  currency: kind === 'gold' ? GOLD : owner.currency,
  kind,
  memberId: owner.memberId,
  name: kind === 'venue' ? venue : '',
});

const houseAccountRow = (siteId: number, currency: LedgerCurrency, name: HouseAccountName, sliceOf?: number): NewAccount => ({
  key: sliceOf === undefined ? houseAccountKey(siteId, currency, name) : houseSliceKey(siteId, currency, name, sliceOf),
  siteId,
  currency,
  kind: 'house',
  memberId: null,
  name,
});

/** A member's account of `kind` (for 'venue', the venue's api_name). */
export async function memberAccount(tx: DbOrTx, owner: WalletOwner, kind: MemberAccountKind = 'main', venue = ''): Promise<number> {
  return (await ensureAccounts(tx, [memberAccountRow(owner, kind, venue)]))[0];
}

/**
 * The operator's account `name` on a site in a currency, e.g. houseAccount(tx, 1, 'CNY', 'stakes');
 * with `sliceOf` (a member id), that member's slice of it (see HOUSE_SLICES).
 */
export async function houseAccount(tx: DbOrTx, siteId: number, currency: LedgerCurrency, name: HouseAccountName, sliceOf?: number): Promise<number> {
  return (await ensureAccounts(tx, [houseAccountRow(siteId, currency, name, sliceOf)]))[0];
}

/** An anchor's (a streamer's, not a member's) account of the gold coins given to them on a site. */
export const anchorAccountKey = (anchorId: number, siteId: number): string => `anchor:${anchorId}:${siteId}:${GOLD}`;

const anchorAccountRow = (anchorId: number, siteId: number): NewAccount => ({
  key: anchorAccountKey(anchorId, siteId),
  siteId,
  currency: GOLD,
  kind: 'anchor',
  memberId: null,
  name: String(anchorId),
});

/**
 * The accounts a gift moves coins between (each created on first use), for postTransfers: the
 * member's gold, the member's slice of the house's 'gifts' (its part), and the anchor's gold
 * account on the site (the anchor's share).
 */
export const giftAccounts = (owner: WalletOwner, anchorId: number): { gold: NewAccount; house: NewAccount; anchor: NewAccount } => ({
  gold: memberAccountRow(owner, 'gold'),
  house: houseAccountRow(owner.siteId, GOLD, 'gifts', owner.memberId),
  anchor: anchorAccountRow(anchorId, owner.siteId),
});

/**
 * The accounts gold coins move through on the owner's site, in one round trip: the member's gold,
 * the house's issue of coins (GOLD), and with `anchorId` that anchor's gold account on the site.
 * Buying moves money from main to the member's slice of houseAccount(.., owner.currency, 'gold') and
 * coins from the member's slice of the issue to the member (slices: no buyer waits on another's
 * row); a gift moves coins from the member to the anchor.
 */
export async function goldAccounts(tx: DbOrTx, owner: WalletOwner, anchorId?: number): Promise<{ gold: number; issue: number; anchor: number | null }> {
  const anchor: NewAccount[] = anchorId === undefined ? [] : [anchorAccountRow(anchorId, owner.siteId)];
  const [gold, issue, anchorAccount] = await ensureAccounts(tx, [
    memberAccountRow(owner, 'gold'),
    houseAccountRow(owner.siteId, GOLD, 'gold', owner.memberId),
    ...anchor,
  ]);
  return { gold, issue, anchor: anchorAccount ?? null };
}

/** A member's main wallet and a slice of house account `name`, the member's unless given (each created on first use). */
export const mainAndHouseSlice = (owner: WalletOwner, name: HouseAccountName, slice = owner.memberId): [main: NewAccount, house: NewAccount] => [
  memberAccountRow(owner, 'main'),
  houseAccountRow(owner.siteId, owner.currency, name, slice),
];

/**
 * Several accounts of one member in one round trip (created on first use), in the order asked:
 * memberAccounts(tx, owner, [['main'], ['venue', 'AG'], ['transit']]).
 */
export function memberAccounts(tx: DbOrTx, owner: WalletOwner, wanted: Array<[MemberAccountKind, string?]>): Promise<number[]> {
  return ensureAccounts(
    tx,
    wanted.map(([kind, venue]) => memberAccountRow(owner, kind, venue)),
  );
}
