import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { Db } from '../../platform/db/index.ts';
import type { Bus } from '../../platform/realtime/index.ts';
import { AppError, routeOf, type GateCheck } from '../../platform/http/index.ts';
import { blockedDevices, blockedIps, members } from './tables.ts';
import { announceEnd, endSessions } from './sessions.ts';
import { MemoryCache, memberChanged } from '../../platform/cache.ts';
import { andThen, type Now } from '../../platform/now.ts';

/**
 * Blockades (seed 8): a blocked IP or device answers IP_BLOCKED / DEVICE_BLOCKED on every call that
 * is not exempt; a blocked account (status '2') loses its sessions and cannot log in.
 * The lists are kept in memory for a few seconds per site: every request consults them. When they
 * lapse, the calls that come meanwhile share one reload (each used to read them itself: 32 members
 * at once sent up to 64 queries every 5 s, and the batches queued behind them, issue 18).
 */
const siteLists = new MemoryCache<Lists>(5_000, 10_000);
type Lists = { ips: Set<string>; devices: Set<string> };

/** One spelling per address: IPv4-mapped IPv6 becomes IPv4, IPv6 is compacted. */
export function normalizeIp(ip: string): string | null {
  try {
    return ipaddr.process(ip.trim()).toString();
  } catch {
    return null;
  }
}

function listsOf(db: Db, siteId: number): Now<Lists> {
  return siteLists.fromDb(db, String(siteId), async () => {
    const [ips, devices] = await Promise.all([
      db.select({ ip: blockedIps.ip }).from(blockedIps).where(eq(blockedIps.siteId, siteId)),
      db.select({ device: blockedDevices.device }).from(blockedDevices).where(eq(blockedDevices.siteId, siteId)),
    ]);
    return { ips: new Set(ips.map((r) => r.ip)), devices: new Set(devices.map((r) => r.device)) };
  });
}

const forget = (db: Db, siteId: number) => siteLists.deleteFromDb(db, String(siteId));

/**
 * The request hook: runs after the site is known, before anything else of the call. It guards the
 * API; the page and its assets still load, so the site can show the blockade message.
 */
export function blockadeCheck(db: Db): GateCheck {
  const refuse = (req: FastifyRequest, lists: Lists): void => {
    if (lists.ips.size > 0 && lists.ips.has(normalizeIp(req.ip) ?? req.ip)) throw new AppError('IP_BLOCKED');
    const device = req.headers['x-uuid'];
    if (lists.devices.size > 0 && typeof device === 'string' && lists.devices.has(device)) throw new AppError('DEVICE_BLOCKED');
  };
  // With the lists warm, no promise is made on this hot path.
  return (req) => {
    const { url, config } = routeOf(req);
    if (!url?.startsWith('/api/') || url.startsWith('/api/docs') || config.exempt || !req.site) return;
    return andThen(listsOf(db, req.site.siteId), (held) => refuse(req, held));
  };
}

export async function blockIp(db: Db, siteId: number, ip: string, reason = ''): Promise<void> {
  const address = normalizeIp(ip);
  if (!address) throw new AppError('VALIDATION', { msg: `IP地址格式错误：${ip}` });
  await db
    .insert(blockedIps)
    .values({ siteId, ip: address, reason })
    .onConflictDoUpdate({ target: [blockedIps.siteId, blockedIps.ip], set: { reason } });
  forget(db, siteId);
}

export async function unblockIp(db: Db, siteId: number, ip: string): Promise<void> {
  await db.delete(blockedIps).where(and(eq(blockedIps.siteId, siteId), eq(blockedIps.ip, normalizeIp(ip) ?? ip)));
  forget(db, siteId);
}

export async function blockDevice(db: Db, siteId: number, device: string, reason = ''): Promise<void> {
  if (!device.trim() || device.length > 128) throw new AppError('VALIDATION', { msg: '设备标识格式错误' });
  await db
    .insert(blockedDevices)
    .values({ siteId, device, reason })
    .onConflictDoUpdate({ target: [blockedDevices.siteId, blockedDevices.device], set: { reason } });
  forget(db, siteId);
}

export async function unblockDevice(db: Db, siteId: number, device: string): Promise<void> {
  await db.delete(blockedDevices).where(and(eq(blockedDevices.siteId, siteId), eq(blockedDevices.device, device)));
  forget(db, siteId);
}

/** Account blockade: status '2', every session ends as "blocked", open sockets are told at once. */
export async function blockMember(db: Db, bus: Bus, memberId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(members).set({ status: '2' }).where(eq(members.memberId, memberId));
    await endSessions(tx, memberId, 'blocked');
  });
  memberChanged(memberId);
  await announceEnd(bus, memberId, 'blocked');
}

export async function unblockMember(db: Db, memberId: number): Promise<void> {
  await db.update(members).set({ status: '1' }).where(eq(members.memberId, memberId));
  memberChanged(memberId);
}
