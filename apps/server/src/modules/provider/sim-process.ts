import path from 'node:path';
import { spawn } from 'node:child_process';
import type { Deps } from '../../platform/deps.ts';
import { getConfigValue, listSites } from '../site/index.ts';
import { SIM_API_NAME, SIM_SANDBOX_SECRET } from './demo.ts';
import { saveProvider } from './providers.ts';

const SIM_SCRIPT = path.resolve(import.meta.dirname, '../../../../../tools/provider-sim/sim.mjs');

/**
 * `PROVIDER_SIM=on npm start`: the provider simulator alongside the sandbox server, its venue SIM
 * enabled at its launch page (http://127.0.0.1:<simPort>/launch, for a browser on this machine).
 * Sandbox only: refused when any site is live (site config `sandbox` '0'), since the simulator's
 * secret is public. Answers how to stop the process.
 */
export async function runProviderSim(deps: Deps, serverPort: number, simPort: number): Promise<() => Promise<void>> {
  for (const siteId of (await listSites(deps.db)).byId.keys()) {
    if ((await getConfigValue(deps.db, siteId, 'sandbox')) === '0') throw new Error('PROVIDER_SIM=on is for sandbox sites only: a live site is configured');
  }
  const launchUrl = `http://127.0.0.1:${simPort}/launch`;
  await saveProvider(deps, { api_name: SIM_API_NAME, name: '模拟供应商', category: 'egame', secret: SIM_SANDBOX_SECRET, launchUrl, enabled: true }, false);
  const child = spawn(process.execPath, [SIM_SCRIPT, '--server', `http://127.0.0.1:${serverPort}`, '--port', String(simPort), '--secret', SIM_SANDBOX_SECRET], {
    stdio: 'inherit',
  });
  child.on('exit', (code) => deps.log.warn({ code }, 'provider simulator exited: its venue is hidden once its heartbeat stops'));
  return async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
  };
}
