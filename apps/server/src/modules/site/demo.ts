import { and, eq, sql } from 'drizzle-orm';
import { PLATFORM_CONFIG_KEYS } from '@bp/contract';
import type { Deps } from '../../platform/deps.ts';
import type { Db } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { siteContents, sites } from './tables.ts';
import { setConfig, forgetSites } from './service.ts';
import { upsertContent } from './content.ts';
import { demoContent, demoLogo } from './demo-content.ts';

const DEMO_SITES = [1, 2];

/** Two demo sites: a CNY site (the default) and a USDT site, with the seed's config keys. */
async function seedSiteRows(db: Db): Promise<void> {
  const [{ n }] = (await db.execute(sql`SELECT count(*)::int AS n FROM sites`)).rows as Array<{ n: number }>;
  if (n > 0) return;
  await db.insert(sites).values([
    { siteId: 1, name: '皇冠体育', series: 'classy', settlementUnit: 'cny', deploySiteId: 1001, isDefault: true, logo: demoLogo(1) },
    { siteId: 2, name: 'U盘体育', series: 'mecha', settlementUnit: 'usdt', deploySiteId: 1002, isDefault: false, logo: demoLogo(2) },
  ]);
  for (const siteId of DEMO_SITES) {
    await setConfig(db, siteId, 'login_verify_trigger_times', '3');
    await setConfig(db, siteId, 'fast_register_verify', '0');
    await setConfig(db, siteId, 'register_phone_number', '0');
    await setConfig(db, siteId, 'withdrawal_password', '1');
    await setConfig(db, siteId, 'site_festival_skin', '');
    await setConfig(db, siteId, PLATFORM_CONFIG_KEYS.englishSwitch, '0');
    await setConfig(db, siteId, PLATFORM_CONFIG_KEYS.csHours, '7×24小时在线服务');
    await setConfig(db, siteId, PLATFORM_CONFIG_KEYS.csNotice, '客服不会以任何理由索要您的密码或验证码，请认准官方渠道，谨防诈骗。');
  }
}

/** Each demo site's pages, kind by kind, where that kind is still empty (also on a database from before). */
async function seedSiteContent(db: Db): Promise<void> {
  for (const siteId of DEMO_SITES) {
    const [site] = await db.select({ logo: sites.logo }).from(sites).where(eq(sites.siteId, siteId));
    if (!site) continue;
    if (site.logo === '') await db.update(sites).set({ logo: demoLogo(siteId) }).where(eq(sites.siteId, siteId));
    const items = demoContent(siteId, clock.now());
    for (const kind of new Set(items.map((i) => i.kind))) {
      const [existing] = await db.select({ id: siteContents.id }).from(siteContents).where(and(eq(siteContents.siteId, siteId), eq(siteContents.kind, kind))).limit(1);
      if (existing) continue;
      for (const item of items.filter((i) => i.kind === kind)) await upsertContent(db, siteId, item.kind, item.input);
    }
  }
}

export async function seedSites({ db }: Deps): Promise<void> {
  await seedSiteRows(db);
  forgetSites(db);
  await seedSiteContent(db);
  forgetSites(db);
}
