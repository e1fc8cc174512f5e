import { sql } from 'drizzle-orm';
import { DESTINATION_LIMIT, checkUsdtAddress, type UsdtNetwork } from '@bp/contract';
import type { Db, DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { getMember } from '../auth/index.ts';
import type { WalletOwner } from './accounts.ts';
import { LOCK_SCOPE, epochMs, lockMember, oneOf, rowsOf } from './sql.ts';
import { memberChanged } from '../../platform/cache.ts';

/** Where withdrawals go: bank cards (CNY wording) and USDT addresses, at most DESTINATION_LIMIT of each. */

/** Only the last 4 digits show; the client groups the digits by 4 (seed 9). */
export const maskCard = (cardNum: string): string => '*'.repeat(Math.max(0, cardNum.length - 4)) + cardNum.slice(-4);
const shortAddress = (address: string): string => `${address.slice(0, 6)}…${address.slice(-4)}`;

interface CardRow {
  card_id: number;
  bank_code: string;
  bank_name: string | null;
  card_num: string;
  real_name: string;
  branch: string | null;
  created_at: string;
}
interface AddressRow {
  address_id: number;
  network: UsdtNetwork;
  address: string;
  alias: string;
  created_at: string;
}

const cardView = (r: CardRow) => ({
  cardId: Number(r.card_id),
  bankCode: r.bank_code,
  bankName: r.bank_name ?? r.bank_code,
  cardNum: maskCard(r.card_num),
  realName: r.real_name,
  branch: r.branch,
  createdAt: epochMs(r.created_at),
});
const addressView = (r: AddressRow) => ({
  addressId: Number(r.address_id),
  network: r.network,
  address: r.address,
  alias: r.alias,
  createdAt: epochMs(r.created_at),
});

/** The member's live cards, newest first. */
export async function listBankCards(tx: DbOrTx, memberId: number) {
  const rows = await rowsOf<CardRow>(
    tx,
    sql`
    SELECT c.*, b.bank_name FROM wallet_bank_cards c LEFT JOIN wallet_banks b ON b.site_id = c.site_id AND b.bank_code = c.bank_code
    WHERE c.member_id = ${memberId} AND c.deleted_at IS NULL ORDER BY c.card_id DESC`,
  );
  return rows.map(cardView);
}

export async function listAddresses(tx: DbOrTx, memberId: number) {
  const rows = await rowsOf<AddressRow>(
    tx,
    sql`
    SELECT * FROM wallet_usdt_addresses WHERE member_id = ${memberId} AND deleted_at IS NULL ORDER BY address_id DESC`,
  );
  return rows.map(addressView);
}

async function liveCount(tx: DbOrTx, table: 'cards' | 'addresses', memberId: number): Promise<number> {
  const from = table === 'cards' ? sql`wallet_bank_cards` : sql`wallet_usdt_addresses`;
  const row = await oneOf<{ n: string }>(tx, sql`SELECT count(*) AS n FROM ${from} WHERE member_id = ${memberId} AND deleted_at IS NULL`);
  return Number(row?.n ?? 0);
}

/** Binds a card in the member's real name (the holder must be the member). */
export async function addBankCard(db: Db, owner: WalletOwner, body: { bankCode: string; cardNum: string; branch?: string }) {
  const member = await getMember(db, owner.memberId);
  if (!member?.realName) fail('REAL_NAME_REQUIRED');
  const bank = await oneOf(db, sql`SELECT 1 FROM wallet_banks WHERE site_id = ${owner.siteId} AND bank_code = ${body.bankCode}`);
  if (!bank) fail('BANK_INVALID');
  const cardId = await db.transaction(async (tx) => {
    await lockMember(tx, owner.memberId, LOCK_SCOPE.withdraw);
    if ((await liveCount(tx, 'cards', owner.memberId)) >= DESTINATION_LIMIT) fail('CARD_LIMIT');
    const row = await oneOf<{ card_id: number }>(
      tx,
      sql`
      INSERT INTO wallet_bank_cards (member_id, site_id, bank_code, card_num, real_name, branch)
      VALUES (${owner.memberId}, ${owner.siteId}, ${body.bankCode}, ${body.cardNum}, ${member!.realName}, ${body.branch || null})
      ON CONFLICT (site_id, card_num) WHERE deleted_at IS NULL DO NOTHING RETURNING card_id`,
    );
    return row ? Number(row.card_id) : fail('CARD_TAKEN');
  });
  memberChanged(owner.memberId);
  return (await listBankCards(db, owner.memberId)).find((c) => c.cardId === cardId)!;
}

export async function addAddress(db: Db, owner: WalletOwner, body: { network: UsdtNetwork; address: string; alias?: string }) {
  if (checkUsdtAddress(body.network, body.address)) fail('USDT_ADDRESS_INVALID', { msg: `请输入正确的${body.network}地址` });
  const addressId = await db.transaction(async (tx) => {
    await lockMember(tx, owner.memberId, LOCK_SCOPE.withdraw);
    if ((await liveCount(tx, 'addresses', owner.memberId)) >= DESTINATION_LIMIT) fail('USDT_ADDRESS_LIMIT');
    const row = await oneOf<{ address_id: number }>(
      tx,
      sql`
      INSERT INTO wallet_usdt_addresses (member_id, site_id, network, address, alias)
      VALUES (${owner.memberId}, ${owner.siteId}, ${body.network}, ${body.address}, ${body.alias ?? ''})
      ON CONFLICT (site_id, network, address) WHERE deleted_at IS NULL DO NOTHING RETURNING address_id`,
    );
    return row ? Number(row.address_id) : fail('ADDRESS_TAKEN');
  });
  memberChanged(owner.memberId);
  return (await listAddresses(db, owner.memberId)).find((a) => a.addressId === addressId)!;
}

export async function deleteBankCard(db: Db, memberId: number, cardId: number): Promise<void> {
  const done = await db.execute(sql`
    UPDATE wallet_bank_cards SET deleted_at = now() WHERE card_id = ${cardId} AND member_id = ${memberId} AND deleted_at IS NULL RETURNING card_id`);
  if (done.rows.length === 0) fail('CARD_NOT_FOUND');
  memberChanged(memberId);
}

export async function deleteAddress(db: Db, memberId: number, addressId: number): Promise<void> {
  const done = await db.execute(sql`
    UPDATE wallet_usdt_addresses SET deleted_at = now() WHERE address_id = ${addressId} AND member_id = ${memberId} AND deleted_at IS NULL RETURNING address_id`);
  if (done.rows.length === 0) fail('ADDRESS_NOT_FOUND');
  memberChanged(memberId);
}

export interface Destination {
  cardId: number | null;
  addressId: number | null;
  network: UsdtNetwork | null;
  /** Masked, for the member. */
  label: string;
  /** In full, for the operator's payout. */
  payoutTo: string;
}

/** The member's own live card or address; someone else's (or a removed one) is refused. */
export async function destinationOf(tx: DbOrTx, memberId: number, pick: { cardId?: number; addressId?: number }): Promise<Destination> {
  if (pick.cardId !== undefined) {
    const c = await oneOf<CardRow>(
      tx,
      sql`
      SELECT c.*, b.bank_name FROM wallet_bank_cards c LEFT JOIN wallet_banks b ON b.site_id = c.site_id AND b.bank_code = c.bank_code
      WHERE c.card_id = ${pick.cardId} AND c.member_id = ${memberId} AND c.deleted_at IS NULL`,
    );
    if (c)
      return {
        cardId: Number(c.card_id),
        addressId: null,
        network: null,
        label: `${c.bank_name ?? c.bank_code} ${maskCard(c.card_num)}`,
        payoutTo: c.card_num,
      };
  } else if (pick.addressId !== undefined) {
    const a = await oneOf<AddressRow>(
      tx,
      sql`
      SELECT * FROM wallet_usdt_addresses WHERE address_id = ${pick.addressId} AND member_id = ${memberId} AND deleted_at IS NULL`,
    );
    if (a)
      return { cardId: null, addressId: Number(a.address_id), network: a.network, label: `USDT-${a.network} ${shortAddress(a.address)}`, payoutTo: a.address };
  }
  return fail('WITHDRAW_DESTINATION');
}

/**
 * What member info shows (seed 3): bank cards with `cardNum` (masked) and virtual-currency
 * addresses with `address`.
 */
export async function payoutAccounts(db: DbOrTx, memberId: number) {
  const [cards, addresses] = [await listBankCards(db, memberId), await listAddresses(db, memberId)];
  return {
    bankCards: cards.map((c) => ({ cardId: c.cardId, bankName: c.bankName, cardNum: c.cardNum })),
    addresses: addresses.map((a) => ({ addressId: a.addressId, network: a.network, address: a.address })),
  };
}
