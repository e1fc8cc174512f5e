import type { Module } from '../platform/deps.ts';
import { siteModule } from './site/index.ts';
import { authModule } from './auth/index.ts';
import { memberModule } from './member/index.ts';
import { walletModule } from './wallet/index.ts';
import { venueModule } from './venue/index.ts';
import { casinoModule } from './casino/index.ts';
import { sportsModule } from './sports/index.ts';
import { liveModule } from './live/index.ts';
import { vipModule } from './vip/index.ts';
import { promoModule } from './promo/index.ts';
import { newsModule } from './news/index.ts';
import { providerModule } from './provider/index.ts';
import { originalsModule } from './originals/index.ts';
import { tablesModule } from './tables/index.ts';
import { chessModule } from './chess/index.ts';
import { fishModule } from './fish/index.ts';
import { adminModule } from './admin/index.ts';

/** Every business domain, in the order their hooks and routes are installed. */
export const modules: Module[] = [
  siteModule,
  authModule,
  memberModule,
  walletModule,
  venueModule,
  casinoModule,
  sportsModule,
  liveModule,
  vipModule,
  promoModule,
  newsModule,
  providerModule,
  originalsModule,
  tablesModule,
  chessModule,
  fishModule,
  adminModule,
];
