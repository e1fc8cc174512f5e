import { loadConfig } from './platform/config.ts';
import { createServer } from './server.ts';
import { runProviderSim } from './modules/provider/index.ts';

const config = loadConfig();
const server = await createServer(config);
await server.app.listen({ port: config.port, host: config.host });
server.app.log.info(`site on ${config.tls ? 'https' : 'http'}://localhost:${config.port} (db ${server.deps.database.kind}, bus ${server.deps.bus.kind})`);
// The provider simulator alongside a sandbox (README "Game providers").
const stopSim = process.env.PROVIDER_SIM === 'on' ? await runProviderSim(server.deps, config.port, Number(process.env.PROVIDER_SIM_PORT || 8091)) : null;

// Graceful shutdown: stop taking requests, finish jobs, close the database.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    await stopSim?.();
    await server.close();
    process.exit(0);
  });
}
