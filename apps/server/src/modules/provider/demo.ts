import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import { sealSecret } from './secrets.ts';
import { providersChanged } from './providers.ts';

/**
 * The in-repo provider simulator (tools/provider-sim) as a provider of the sandbox: its venue SIM
 * (seeded by the venue module, its game by the casino's catalogue) is configured here disabled;
 * the operator enables it (/api/admin/provider/save) and runs its process, and only then do
 * members see it. The secret is the simulator's default; an operator gives a real provider its own.
 */
export const SIM_API_NAME = 'SIM';
export const SIM_SANDBOX_SECRET = 'provider-sim-sandbox-secret';
export const SIM_LAUNCH_URL = 'http://127.0.0.1:8091/launch';

export async function seedProviders({ db, config }: Pick<Deps, 'db' | 'config'>): Promise<void> {
  await db.execute(sql`
    INSERT INTO game_providers (api_name, secret_cipher, launch_url, enabled)
    VALUES (${SIM_API_NAME}, ${sealSecret(SIM_SANDBOX_SECRET, config.providerSecretKey)}, ${SIM_LAUNCH_URL}, false)
    ON CONFLICT DO NOTHING`);
  providersChanged();
}
