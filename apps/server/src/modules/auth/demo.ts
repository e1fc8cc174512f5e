import type { Deps } from '../../platform/deps.ts';
import { createMember, findMember } from './accounts.ts';

/** The demo member the README names, on the default (CNY) site and on the USDT site. */
export const DEMO_MEMBER = { name: 'demo8888', password: 'demo8888a' } as const;

export async function seedDemoMember({ db }: Deps): Promise<void> {
  for (const siteId of [1, 2]) {
    if (await findMember(db, siteId, DEMO_MEMBER.name)) continue;
    await createMember(db, siteId, { name: DEMO_MEMBER.name, password: DEMO_MEMBER.password });
  }
}
