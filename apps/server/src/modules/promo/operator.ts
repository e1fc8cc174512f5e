import { sql } from 'drizzle-orm';
import { fromMinor } from '@bp/contract';
import { oneOf, type Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { siteActivities, statusOf, type ActivityRow } from './activities.ts';

/** The operator's levers on activities (the back office calls these). */

const view = (a: ActivityRow) => ({
  activityId: a.activity_id,
  kind: a.kind,
  title: a.title,
  startAt: new Date(a.start_at).getTime(),
  endAt: new Date(a.end_at).getTime(),
  status: statusOf(a),
  enabled: a.enabled,
  budget: a.budget_minor === null ? null : fromMinor(a.budget_minor),
  spent: fromMinor(a.spent_minor),
});

/** Every activity of a site, switched on or off, with what its budget has paid. */
export async function activitiesForOperator(db: Db, siteId: number) {
  return (await siteActivities(db, siteId, true)).map(view);
}

/** An activity of the site as the operator sees it; refused when it is not the site's. */
export async function activityForOperator(db: Db, siteId: number, activityId: number) {
  const a = await oneOf<ActivityRow>(db, sql`SELECT * FROM promo_activities WHERE activity_id = ${activityId} AND site_id = ${siteId}`);
  return a ? view(a) : fail('ACTIVITY_NOT_FOUND');
}

/** Switches an activity on or off: off, members no longer see it nor draw from it, and deposits earn no bonus of it. */
export async function switchActivity(db: Db, siteId: number, activityId: number, enabled: boolean) {
  await activityForOperator(db, siteId, activityId);
  await db.execute(sql`UPDATE promo_activities SET enabled = ${enabled} WHERE activity_id = ${activityId} AND site_id = ${siteId}`);
  return activityForOperator(db, siteId, activityId);
}
