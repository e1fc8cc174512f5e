import { eq, sql } from 'drizzle-orm';
import { PLATFORM_CONFIG_KEYS } from '@bp/contract';
import type { Deps } from '../../platform/deps.ts';
import type { Db } from '../../platform/db/index.ts';
import { clock } from '../../platform/clock.ts';
import { siteConfig, siteContents, sites } from './tables.ts';
import { forgetSites } from './service.ts';
import { upsertContent } from './content.ts';
import { demoContent, demoLogo } from './demo-content.ts';

const DEMO_SITES = [1, 2];

/** The config a demo site starts with: the seed's keys, the English switch (off), the /cs page's texts. */
const DEMO_CONFIG: Record<string, string> = {
  login_verify_trigger_times: '3',
  fast_register_verify: '0',
  register_phone_number: '0',
  withdrawal_password: '1',
  site_festival_skin: '',
  [PLATFORM_CONFIG_KEYS.englishSwitch]: '0',
  [PLATFORM_CONFIG_KEYS.csHours]: '7×24小时在线服务',
  [PLATFORM_CONFIG_KEYS.csNotice]: '客服不会以任何理由索要您的密码或验证码，请认准官方渠道，谨防诈骗。',
};

/** Two demo sites on an empty database: a CNY site (the default) and a USDT site. */
async function seedSiteRows(db: Db): Promise<void> {
  const [{ n }] = (await db.execute(sql`SELECT count(*)::int AS n FROM sites`)).rows as Array<{ n: number }>;
  if (n > 0) return;
  await db.insert(sites).values([
    { siteId: 1, name: '皇冠体育', series: 'classy', settlementUnit: 'cny', deploySiteId: 1001, isDefault: true, logo: demoLogo(1) },
    { siteId: 2, name: 'U盘体育', series: 'mecha', settlementUnit: 'usdt', deploySiteId: 1002, isDefault: false, logo: demoLogo(2) },
  ]);
}

/** Each demo site's config keys that are still missing; a value an operator set is kept. */
async function seedSiteConfig(db: Db, siteId: number): Promise<void> {
  const rows = Object.entries(DEMO_CONFIG).map(([keyCode, value]) => ({ siteId, keyCode, value }));
  await db.insert(siteConfig).values(rows).onConflictDoNothing();
}

/**
 * Each demo site's missing config keys, and its pages when it has no content at all (an empty
 * database, or one from before content existed); content an operator has since changed is kept.
 */
async function seedSiteContent(db: Db): Promise<void> {
  for (const siteId of DEMO_SITES) {
    const [site] = await db.select({ logo: sites.logo }).from(sites).where(eq(sites.siteId, siteId));
    if (!site) continue;
    if (site.logo === '')
      await db
        .update(sites)
        .set({ logo: demoLogo(siteId) })
        .where(eq(sites.siteId, siteId));
    await seedSiteConfig(db, siteId);
    const [existing] = await db.select({ id: siteContents.id }).from(siteContents).where(eq(siteContents.siteId, siteId)).limit(1);
    if (existing) continue;
    for (const item of demoContent(siteId, clock.now())) await upsertContent(db, siteId, item.kind, item.input);
  }
}

export async function seedSites({ db }: Deps): Promise<void> {
  await seedSiteRows(db);
  forgetSites(db);
  await seedSiteContent(db);
  forgetSites(db);
}
