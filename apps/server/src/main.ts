import { loadConfig } from './platform/config.ts';
import { createServer } from './server.ts';

const config = loadConfig();
const server = await createServer(config);
await server.app.listen({ port: config.port, host: config.host });
server.app.log.info(`site on http://localhost:${config.port} (db ${server.deps.database.kind}, bus ${server.deps.bus.kind})`);

// Graceful shutdown: stop taking requests, finish jobs, close the database.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    server.app.log.info({ signal }, 'shutting down');
    await server.close();
    process.exit(0);
  });
}
