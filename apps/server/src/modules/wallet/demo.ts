import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { DEMO_MEMBER, findMember } from '../auth/index.ts';
import { listSites } from '../site/index.ts';
import { walletOwner } from './accounts.ts';
import { payVal } from './pay.ts';
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
    await seedDemoDeposit(deps, site);
  }
}

/** The demo member starts with a sandbox deposit, so the site is playable; the fixed key makes it once. */
async function seedDemoDeposit({ db }: Deps, site: { siteId: number; currency: string }): Promise<void> {
  const demo = await findMember(db, site.siteId, DEMO_MEMBER.name);
  const sandbox = await oneOf<{ pay_type_id: number }>(
    db,
    sql`
    SELECT pay_type_id FROM wallet_pay_types WHERE site_id = ${site.siteId} AND kind = 'sandbox' AND status = '1' ORDER BY sort LIMIT 1`,
  );
  if (!demo || !sandbox) return;
  const amount = site.currency === 'USDT' ? 1_000 : 10_000;
  await payVal(
    db,
    walletOwner(site, demo.memberId),
    { key: 'demo-first-deposit', route: '/api/wallet/pay/payVal' },
    { payTypeId: sandbox.pay_type_id, amount },
  );
}
