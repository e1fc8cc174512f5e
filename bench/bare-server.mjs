// The yardstick: a bare Fastify route answering a fixed JSON body of a given size.
import Fastify from 'fastify';

const size = Number(process.env.BARE_SIZE ?? 600);
const payload = { code: 0, data: { pad: 'x'.repeat(Math.max(0, size - 40)) }, msg: 'success' };
const app = Fastify({ logger: false });
app.post('/bare', async () => payload);
app.get('/ready', async () => ({ ok: true }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
