import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { sites } from './tables.ts';
import { setConfig, forgetSites } from './service.ts';

/** The 13 pairs mapping site id to deploy-site id (seed 3). */
export const DEPLOY_SITES = [
  [1, 1001], [2, 1002], [3, 1003], [4, 1004], [5, 1005], [6, 1006], [7, 1007],
  [8, 1008], [9, 1009], [10, 1010], [11, 1011], [12, 1012], [13, 1013],
].map(([siteId, deploySiteId]) => ({ siteId, deploySiteId }));

/** Two demo sites: a CNY site (the default) and a USDT site, with the seed's config keys. */
export async function seedSites({ db }: Deps): Promise<void> {
  const [{ n }] = (await db.execute(sql`SELECT count(*)::int AS n FROM sites`)).rows as Array<{ n: number }>;
  if (n > 0) return;
  await db.insert(sites).values([
    { siteId: 1, name: '皇冠体育', series: 'classy', settlementUnit: 'cny', deploySiteId: 1001, isDefault: true },
    { siteId: 2, name: 'U盘体育', series: 'mecha', settlementUnit: 'usdt', deploySiteId: 1002, isDefault: false },
  ]);
  for (const siteId of [1, 2]) {
    await setConfig(db, siteId, 'login_verify_trigger_times', '3');
    await setConfig(db, siteId, 'fast_register_verify', '0');
    await setConfig(db, siteId, 'register_phone_number', '0');
    await setConfig(db, siteId, 'withdrawal_password', '1');
    await setConfig(db, siteId, 'site_festival_skin', '');
  }
  forgetSites();
}
