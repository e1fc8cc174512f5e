import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../platform/db/index.ts';

/**
 * Sets a match's entry media (seed 3): the anchor's on-air status, the animation and the anchor's
 * FLV stream. The live-streaming side calls this when an anchor takes up a match.
 */
export async function setMatchMedia(
  db: DbOrTx,
  matchId: number,
  media: { anchorStatus: number | null; animationUrl: string | null; anchorFlvUrl: string | null },
): Promise<boolean> {
  const { rows } = await db.execute(sql`
    UPDATE sports_matches SET anchor_status = ${media.anchorStatus}, animation_url = ${media.animationUrl}, anchor_flv_url = ${media.anchorFlvUrl}, updated_at = now()
    WHERE match_id = ${matchId} RETURNING match_id`);
  return rows.length > 0;
}
