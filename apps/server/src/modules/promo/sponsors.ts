import { sql } from 'drizzle-orm';
import type { SPONSOR_KINDS } from '@bp/contract';
import { rowsOf, type DbOrTx } from '../../platform/db/index.ts';

/** 赞助: the site's sponsorship partners as the operator entered them, in the operator's order. */
export interface SponsorRow {
  sponsor_id: number;
  name: string;
  kind: (typeof SPONSOR_KINDS)[number];
  badge_text: string;
  badge_color: string;
  from_year: number;
  to_year: number | null;
  summary: string;
}

export async function listSponsors(db: DbOrTx, siteId: number) {
  const rows = await rowsOf<SponsorRow>(db, sql`SELECT * FROM promo_sponsors WHERE site_id = ${siteId} AND enabled ORDER BY sort, sponsor_id`);
  return {
    list: rows.map((r) => ({
      sponsorId: Number(r.sponsor_id),
      name: r.name,
      kind: r.kind,
      badge: { text: r.badge_text, color: r.badge_color },
      fromYear: Number(r.from_year),
      toYear: r.to_year === null ? null : Number(r.to_year),
      summary: r.summary,
    })),
  };
}
