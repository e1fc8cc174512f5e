import { sql } from 'drizzle-orm';
import type { SponsorInput } from '@bp/contract';
import { oneOf, rowsOf, type Db, type DbOrTx } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import type { SponsorRow } from './sponsors.ts';

/**
 * The operator's sponsors (issues 15, 17): every sponsor of a site, shown or not, in the order the
 * member page lists them (listSponsors); added, edited, switched on and off, and put in order.
 */
interface Row extends SponsorRow {
  sort: number;
  enabled: boolean;
}

const view = (r: Row) => ({
  sponsorId: Number(r.sponsor_id),
  name: r.name,
  kind: r.kind,
  badgeText: r.badge_text,
  badgeColor: r.badge_color,
  fromYear: Number(r.from_year),
  toYear: r.to_year === null ? null : Number(r.to_year),
  summary: r.summary,
  sort: Number(r.sort),
  enabled: r.enabled,
});

export async function sponsorsForOperator(db: DbOrTx, siteId: number) {
  return (await rowsOf<Row>(db, sql`SELECT * FROM promo_sponsors WHERE site_id = ${siteId} ORDER BY sort, sponsor_id`)).map(view);
}

/** One sponsor of the site; refused when not the site's. */
export async function sponsorForOperator(db: DbOrTx, siteId: number, sponsorId: number) {
  const r = await oneOf<Row>(db, sql`SELECT * FROM promo_sponsors WHERE sponsor_id = ${sponsorId} AND site_id = ${siteId}`);
  return r ? view(r) : fail('SPONSOR_NOT_FOUND');
}

/** Adds a sponsor (last in the order) or changes one. */
export async function saveSponsor(db: Db, siteId: number, sponsorId: number | undefined, s: SponsorInput) {
  const row = await oneOf<{ sponsor_id: number }>(
    db,
    sponsorId === undefined
      ? sql`INSERT INTO promo_sponsors (site_id, name, kind, badge_text, badge_color, from_year, to_year, summary, enabled, sort)
            VALUES (${siteId}, ${s.name}, ${s.kind}, ${s.badgeText}, ${s.badgeColor}, ${s.fromYear}, ${s.toYear}, ${s.summary}, ${s.enabled},
              (SELECT coalesce(max(sort), 0) + 1 FROM promo_sponsors WHERE site_id = ${siteId}))
            RETURNING sponsor_id`
      : sql`UPDATE promo_sponsors SET name = ${s.name}, kind = ${s.kind}, badge_text = ${s.badgeText}, badge_color = ${s.badgeColor},
              from_year = ${s.fromYear}, to_year = ${s.toYear}, summary = ${s.summary}, enabled = ${s.enabled}
            WHERE sponsor_id = ${sponsorId} AND site_id = ${siteId} RETURNING sponsor_id`,
  );
  return row ? sponsorForOperator(db, siteId, Number(row.sponsor_id)) : fail('SPONSOR_NOT_FOUND');
}

/** Shows a sponsor on the member page, or hides it. */
export async function switchSponsor(db: Db, siteId: number, sponsorId: number, enabled: boolean) {
  const row = await oneOf(db, sql`UPDATE promo_sponsors SET enabled = ${enabled} WHERE sponsor_id = ${sponsorId} AND site_id = ${siteId} RETURNING sponsor_id`);
  return row ? sponsorForOperator(db, siteId, sponsorId) : fail('SPONSOR_NOT_FOUND');
}

/**
 * Puts the site's sponsors in the order given: every one of them, each once (else refused, nothing
 * changed: a list read before another operator added one would drop it to the end unseen).
 */
export async function sortSponsors(db: Db, siteId: number, sponsorIds: number[]) {
  await db.transaction(async (tx) => {
    const ids = (await rowsOf<{ sponsor_id: number }>(tx, sql`SELECT sponsor_id FROM promo_sponsors WHERE site_id = ${siteId} FOR UPDATE`)).map((r) =>
      Number(r.sponsor_id),
    );
    const given = new Set(sponsorIds);
    if (given.size !== sponsorIds.length || given.size !== ids.length || !ids.every((id) => given.has(id))) fail('SPONSOR_ORDER_MISMATCH');
    const order = sponsorIds.map((id, i) => sql`(${id}::int, ${i + 1}::int)`);
    await tx.execute(
      sql`UPDATE promo_sponsors p SET sort = v.sort FROM (VALUES ${sql.join(order, sql`, `)}) AS v(sponsor_id, sort) WHERE p.sponsor_id = v.sponsor_id`,
    );
  });
  return { list: await sponsorsForOperator(db, siteId) };
}
