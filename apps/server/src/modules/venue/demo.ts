import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { venuesChanged } from './registry.ts';

/** The built-in sandbox venues (api_name, name, category), all open. FISH plays the built-in fish shooter. */
const SANDBOX_VENUES = [
  ['AG', 'AG真人', 'live'],
  ['BBIN', 'BBIN真人', 'live'],
  ['PG', 'PG电子', 'egame'],
  ['KY', '开元棋牌', 'chess'],
  ['FISH', '海王捕鱼', 'fish'],
  ['OBTY', 'OB体育', 'sports'],
  ['IMTY', 'IM体育', 'sports'],
  // The provider simulator's (a seamless-wallet provider, the provider module): shown only once configured.
  ['SIM', '模拟供应商', 'egame'],
] as const;

export async function seedVenues({ db }: Deps): Promise<void> {
  for (const [sort, [apiName, name, category]] of SANDBOX_VENUES.entries()) {
    await db.execute(sql`
      INSERT INTO venues (api_name, name, category, sort) VALUES (${apiName}, ${name}, ${category}, ${sort}) ON CONFLICT DO NOTHING`);
  }
  venuesChanged();
}
