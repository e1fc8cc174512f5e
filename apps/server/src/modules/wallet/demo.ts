import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import type { Db } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { DEMO_MEMBER, findMember, setOnce } from '../auth/index.ts';
import { listSites } from '../site/index.ts';
import { houseAccount, memberAccount, walletOwner, type WalletOwner } from './accounts.ts';
import { postTransfer } from './ledger.ts';
import { addAddress, addBankCard, listAddresses, listBankCards } from './destinations.ts';
import { passwordStatus, setWithdrawPassword } from './withdraw-password.ts';
import { MANUAL_CREDIT } from './withdraw-rules.ts';
import { SANDBOX_CHAIN_CHANNEL, SANDBOX_CHANNEL } from './sandbox-gateway.ts';
import { oneOf } from './sql.ts';

const BANKS = [
  ['ICBC', '中国工商银行'],
  ['CCB', '中国建设银行'],
  ['ABC', '中国农业银行'],
  ['BOC', '中国银行'],
  ['BOCOM', '交通银行'],
  ['CMB', '招商银行'],
  ['PSBC', '中国邮政储蓄银行'],
  ['CIB', '兴业银行'],
  ['SPDB', '浦发银行'],
  ['CMBC', '中国民生银行'],
] as const;

/** The operator's receiving account for speedPay on the demo CNY site (a sandbox: no money arrives). */
const DEMO_RECEIVE = { bankName: '中国工商银行', accountName: '沙箱收款账户', cardNum: '6222020200112233445', branch: '上海分行营业部' };

/** Pay types per currency: [name, kind, channel, network, min, max] in major units. */
const PAY_TYPES = {
  CNY: [
    ['沙箱快捷支付', 'sandbox', SANDBOX_CHANNEL, null, 10, 50_000],
    ['银行卡转账', 'bank', SANDBOX_CHANNEL, null, 100, 100_000],
    ['USDT-TRC20', 'usdt', SANDBOX_CHAIN_CHANNEL, 'TRC20', 100, 500_000],
    ['USDT-ERC20', 'usdt', SANDBOX_CHAIN_CHANNEL, 'ERC20', 500, 500_000],
  ],
  USDT: [
    ['沙箱快捷支付', 'sandbox', SANDBOX_CHANNEL, null, 10, 10_000],
    ['USDT-TRC20', 'usdt', SANDBOX_CHAIN_CHANNEL, 'TRC20', 10, 100_000],
    ['USDT-ERC20', 'usdt', SANDBOX_CHAIN_CHANNEL, 'ERC20', 50, 100_000],
  ],
} as const;

/** Interest wallet terms: 0.02% a day (200 ppm), minimum 100 (CNY) or 10 (USDT), locked 24 hours. */
const YEB = { CNY: { ppm: 200, min: 10_000 }, USDT: { ppm: 200, min: 1_000 } } as const;

/** Sandbox channels, pay types, banks and yeb terms per site; the demo member's first deposit. */
export async function seedWallet(deps: Deps): Promise<void> {
  const { db } = deps;
  for (const channel of [SANDBOX_CHANNEL, SANDBOX_CHAIN_CHANNEL]) {
    await db.execute(sql`
      INSERT INTO wallet_pay_channels (channel, name, secret) VALUES (${channel}, ${channel === SANDBOX_CHANNEL ? '沙箱支付' : '沙箱链'}, ${randomBytes(32).toString('hex')})
      ON CONFLICT (channel) DO NOTHING`);
  }
  const { byId } = await listSites(db);
  for (const site of byId.values()) {
    const currency = site.currency as 'CNY' | 'USDT';
    const seeded = await oneOf(db, sql`SELECT 1 FROM wallet_pay_types WHERE site_id = ${site.siteId} LIMIT 1`);
    if (!seeded) {
      for (const [sort, [name, kind, channel, network, min, max]] of PAY_TYPES[currency].entries()) {
        await db.execute(sql`
          INSERT INTO wallet_pay_types (site_id, name, kind, channel, network, min_minor, max_minor, receive, sort)
          VALUES (${site.siteId}, ${name}, ${kind}, ${channel}, ${network}, ${min * 100}, ${max * 100},
                  ${kind === 'bank' ? JSON.stringify(DEMO_RECEIVE) : null}::jsonb, ${sort})`);
      }
    }
    for (const [sort, [code, name]] of BANKS.entries()) {
      await db.execute(
        sql`INSERT INTO wallet_banks (site_id, bank_code, bank_name, sort) VALUES (${site.siteId}, ${code}, ${name}, ${sort}) ON CONFLICT DO NOTHING`,
      );
    }
    await db.execute(sql`
      INSERT INTO wallet_yeb_config (site_id, daily_rate_ppm, min_minor, lock_hours)
      VALUES (${site.siteId}, ${YEB[currency].ppm}, ${YEB[currency].min}, 24) ON CONFLICT DO NOTHING`);
    await seedDemoMember(deps, site);
  }
}

/**
 * The demo member (README) can walk every money flow at once: deposit, transfer, bet, withdraw. Its
 * starting money is the operator's manual credit (人工存入), which asks no turnover (only deposits
 * through a channel do), and what a withdrawal asks is bound already: on the CNY site a real name
 * and a bank card, on the USDT site an address, and the withdrawal password DEMO_WITHDRAW_PASSWORD.
 */
async function seedDemoMember({ db }: Deps, site: { siteId: number; currency: string }): Promise<void> {
  const demo = await findMember(db, site.siteId, DEMO_MEMBER.name);
  if (!demo) return;
  const owner = walletOwner(site, demo.memberId);
  await seedDemoMoney(db, owner);
  // A card or address someone else bound first is theirs: the demo then binds none, and the site still starts.
  const unlessTaken = (bind: Promise<unknown>) => bind.catch((err) => (err instanceof AppError ? undefined : Promise.reject(err)));
  if (owner.currency === 'USDT') {
    if ((await listAddresses(db, owner.memberId)).length === 0) await unlessTaken(addAddress(db, owner, DEMO_PAYOUT.address));
  } else {
    await setOnce(db, owner.memberId, 'realName', DEMO_PAYOUT.realName);
    if ((await listBankCards(db, owner.memberId)).length === 0) await unlessTaken(addBankCard(db, owner, DEMO_PAYOUT.card));
  }
  if (!(await passwordStatus(db, owner.memberId, owner.siteId)).isSet) await setWithdrawPassword(db, owner.memberId, DEMO_WITHDRAW_PASSWORD);
}

/** The README's withdrawal password of the demo member. */
export const DEMO_WITHDRAW_PASSWORD = '888888';

const DEMO_PAYOUT = {
  realName: '李明',
  card: { bankCode: 'ICBC', cardNum: '6222028888666609' },
  address: { network: 'TRC20', address: 'TWxhSNssJUUfUdffvAQ9DeUbgCbLiUzw2i', alias: '演示地址' },
} as const;

/** The starting money, once: a main wallet that has ever moved money is left as it is. */
async function seedDemoMoney(db: Db, owner: WalletOwner): Promise<void> {
  const main = await memberAccount(db, owner);
  if (await oneOf(db, sql`SELECT 1 FROM wallet_transfers WHERE to_account = ${main} OR from_account = ${main} LIMIT 1`)) return;
  const amountMinor = owner.currency === 'USDT' ? 100_000n : 1_000_000n;
  await db.transaction(async (tx) => {
    const deposits = await houseAccount(tx, owner.siteId, owner.currency, 'deposits');
    await postTransfer(tx, { from: deposits, to: main, amountMinor, kind: MANUAL_CREDIT, ref: `demo:${owner.memberId}`, memo: '演示账户初始额度' });
  });
}
