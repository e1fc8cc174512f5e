import { eq } from 'drizzle-orm';
import { MaintenanceInput, type Maintenance } from '@bp/contract';
import type { Db } from '../../platform/db/index.ts';
import { fail } from '../../platform/http/index.ts';
import { clock } from '../../platform/clock.ts';
import { siteMaintenance } from './tables.ts';
import { andThen, type Now } from '../../platform/now.ts';
import { cachedNow, forget } from './cache.ts';
import { requireSite } from './service.ts';

type Setting = typeof siteMaintenance.$inferSelect;

const OPEN: Maintenance = { status: 1, startAt: null, endAt: null, message: '' };
const key = (siteId: number) => `maintenance:${siteId}`;

/**
 * The site's maintenance at `now`. Status 0 (the seed's "under maintenance") only while now is
 * inside the window; a window still ahead is announced with status 1; one that is over is forgotten.
 */
export function maintenanceAt(setting: Setting | null, now: number): Maintenance {
  if (!setting || setting.status !== 0) return OPEN;
  const startAt = setting.startAt?.getTime() ?? null;
  const endAt = setting.endAt?.getTime() ?? null;
  if (endAt !== null && now >= endAt) return OPEN;
  const started = startAt === null || now >= startAt;
  return { status: started ? 0 : 1, startAt, endAt, message: setting.message };
}

/** The maintenance of a site now (its setting cached a few seconds; the window is judged per call). */
export async function currentMaintenance(db: Db, siteId: number): Promise<Maintenance> {
  return maintenanceNow(db, siteId);
}

export function maintenanceNow(db: Db, siteId: number): Now<Maintenance> {
  const setting = cachedNow(db, key(siteId), async () => {
    const [row] = await db.select().from(siteMaintenance).where(eq(siteMaintenance.siteId, siteId));
    return row ?? null;
  });
  return andThen(setting, (s) => maintenanceAt(s, clock.now()));
}

/** Operator: the maintenance as set (a window ahead or over included); open when never set. */
export async function maintenanceSetting(db: Db, siteId: number): Promise<Maintenance> {
  const [row] = await db.select().from(siteMaintenance).where(eq(siteMaintenance.siteId, siteId));
  return row ? { status: row.status, startAt: row.startAt?.getTime() ?? null, endAt: row.endAt?.getTime() ?? null, message: row.message } : OPEN;
}

/** Operator: puts a site under maintenance (status 0, within the window) or opens it (status 1). */
export async function setMaintenance(db: Db, siteId: number, input: MaintenanceInput): Promise<Maintenance> {
  await requireSite(db, siteId);
  const parsed = MaintenanceInput.safeParse(input);
  if (!parsed.success) fail('MAINTENANCE_INVALID', { msg: `维护设置无效：${parsed.error.issues[0].message}` });
  const { status, startAt, endAt, message } = parsed.data!;
  const values = {
    status,
    startAt: startAt === null ? null : new Date(startAt),
    endAt: endAt === null ? null : new Date(endAt),
    message,
    updatedAt: new Date(),
  };
  await db
    .insert(siteMaintenance)
    .values({ siteId, ...values })
    .onConflictDoUpdate({ target: siteMaintenance.siteId, set: values });
  forget(db, key(siteId));
  return currentMaintenance(db, siteId);
}
