import net, { type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { channel } from '@bp/contract';
import { startTestServer } from '../../test/harness.ts';
import { openSocket } from './testing.ts';

const canListen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

describe('graceful close', () => {
  it('server.close() resolves with WebSocket clients connected, closes them, and releases the port', async () => {
    const s = await startTestServer();
    await s.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = s.app.server.address() as AddressInfo;
    expect(await canListen(port)).toBe(false);
    const socket = await openSocket(`ws://127.0.0.1:${port}/ws`);
    socket.send({ type: 'sub', ch: channel.match(1) });
    await socket.next((f) => f.type === 'sub.ok');

    const closing = s.close();
    await expect(Promise.race([closing.then(() => 'closed'), new Promise((r) => setTimeout(() => r('hung'), 10_000))])).resolves.toBe('closed');
    expect(typeof (await socket.closed)).toBe('number');
    expect(await canListen(port)).toBe(true);
    // Closing twice is harmless (a signal may arrive while a close is under way).
    await expect(s.close()).resolves.toBeUndefined();
  });
});
