import { sql } from 'drizzle-orm';
import { GAME_KINDS, type GameKind } from '@bp/contract';
import type { Deps } from '../../platform/deps.ts';
import { rowsOf, type DbOrTx } from '../../platform/db/index.ts';
import { MemoryCache, forgetTag } from '../../platform/cache.ts';
import { fail } from '../../platform/http/index.ts';
import { addVenue } from '../venue/index.ts';
import { sealSecret } from './secrets.ts';

/** A provider as configured, with its venue. */
export interface ProviderRow {
  api_name: string;
  name: string;
  category: string;
  /** The venue's status: 0 open. */
  status: number;
  secret_cipher: string;
  launch_url: string;
  enabled: boolean;
  seen_at: Date | string | null;
  /** Enabled and heard from within HEARTBEAT_WITHIN_S. */
  offered: boolean;
}

/** A provider's process says it runs every 30 s (its signed heartbeat); missing two and a half, it is no longer offered. */
export const HEARTBEAT_WITHIN_S = 75;

const SELECT = sql`
  SELECT p.api_name, v.name, v.category, v.status, p.secret_cipher, p.launch_url, p.enabled, p.seen_at,
         (p.enabled AND p.seen_at > now() - make_interval(secs => ${HEARTBEAT_WITHIN_S})) AS offered
  FROM game_providers p JOIN venues v ON v.api_name = p.api_name`;

export async function providerRow(db: DbOrTx, apiName: string): Promise<ProviderRow | null> {
  const [row] = await rowsOf<ProviderRow>(db, sql`${SELECT} WHERE p.api_name = ${apiName}`);
  return row ?? null;
}

export const listProviders = (db: DbOrTx): Promise<ProviderRow[]> => rowsOf<ProviderRow>(db, sql`${SELECT} ORDER BY p.api_name`);

const PROVIDERS_TAG = 'providers';
const names = new MemoryCache<string[]>(5_000);
/** What adds a provider calls this, so no instance misses it among the venues that take no transfers. */
export const providersChanged = (): void => forgetTag(PROVIDERS_TAG);

/** Every provider's api_name, enabled or not: asked by every transfer (their venues take none), so kept a few seconds. */
export const providerNames = async (db: DbOrTx): Promise<string[]> =>
  names.fromDb(
    db,
    'names',
    async () => (await rowsOf<{ api_name: string }>(db, sql`SELECT api_name FROM game_providers ORDER BY api_name`)).map((r) => r.api_name),
    PROVIDERS_TAG,
  );

/** The round kind of a provider's rounds: its venue's category. */
export const kindOf = (p: Pick<ProviderRow, 'category'>): GameKind =>
  (GAME_KINDS as readonly string[]).includes(p.category) ? (p.category as GameKind) : 'egame';

export const providerInfo = (p: ProviderRow) => ({
  api_name: p.api_name,
  name: p.name,
  category: p.category,
  launchUrl: p.launch_url,
  enabled: p.enabled,
  seenAt: p.seen_at === null ? null : new Date(p.seen_at).getTime(),
  offered: Boolean(p.offered),
});

export interface ProviderSetup {
  api_name: string;
  name: string;
  category: string;
  /** Absent: the secret stays as it is (required for a new provider). */
  secret?: string;
  launchUrl: string;
  enabled: boolean;
}

/**
 * The operator adds or changes a provider: its venue (name, category), its secret (sealed at rest),
 * its launch address, whether it is enabled. A venue that takes transfers already is refused: a
 * venue's money is either at the venue or in main, never both.
 */
export async function saveProvider(deps: Pick<Deps, 'db' | 'config'>, s: ProviderSetup, replaceVenue = true): Promise<ProviderRow> {
  const { db } = deps;
  const existing = await providerRow(db, s.api_name);
  if (!existing && !s.secret) fail('PROVIDER_CONFIG_INVALID', { msg: '新的游戏供应商须设置密钥' });
  if (!existing && (await hasVenue(db, s.api_name))) fail('PROVIDER_CONFIG_INVALID', { msg: '该平台已是转账钱包场馆，不能改为单一钱包' });
  await db.transaction(async (tx) => {
    await addVenue(tx, { api_name: s.api_name, name: s.name, category: s.category }, replaceVenue);
    const cipher = s.secret ? sealSecret(s.secret, deps.config.providerSecretKey) : null;
    await tx.execute(sql`
      INSERT INTO game_providers (api_name, secret_cipher, launch_url, enabled)
      VALUES (${s.api_name}, ${cipher ?? ''}, ${s.launchUrl}, ${s.enabled})
      ON CONFLICT (api_name) DO UPDATE SET secret_cipher = coalesce(${cipher}, game_providers.secret_cipher),
        launch_url = excluded.launch_url, enabled = excluded.enabled, updated_at = now()`);
  });
  providersChanged();
  return (await providerRow(db, s.api_name))!;
}

async function hasVenue(db: DbOrTx, apiName: string): Promise<boolean> {
  return (await rowsOf(db, sql`SELECT 1 FROM venues WHERE api_name = ${apiName}`)).length > 0;
}

/** The provider's signed heartbeat: its process runs. */
export async function heard(db: DbOrTx, apiName: string): Promise<void> {
  await db.execute(sql`UPDATE game_providers SET seen_at = now() WHERE api_name = ${apiName}`);
}

/** Where a member's launch goes: the provider's address with our token (and the game, if one). */
export function launchAddress(p: Pick<ProviderRow, 'launch_url'>, token: string, gameId: string | null): string {
  const url = new URL(p.launch_url);
  url.searchParams.set('token', token);
  if (gameId) url.searchParams.set('game', gameId);
  return url.toString();
}
