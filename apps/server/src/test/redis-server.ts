import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * A Redis of a test's own, which the test may kill and start again: never the shared one on 6379,
 * which other tests use meanwhile. It keeps nothing on disk, as on this platform, so a restart
 * forgets everything.
 */
export interface OwnRedis {
  url: string;
  /** SIGKILL, as a crash would: no goodbye to the clients. */
  kill(): Promise<void>;
  /** Up again on the same port, empty. */
  start(): Promise<void>;
}

/** Whether `redis-server` is on this machine (CI has it; a test needing it must run there). */
export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Resolves once something accepts connections on the port. */
export async function listening(port: number, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => resolve(true));
      socket.once('error', () => resolve(false));
      socket.once('connect', () => socket.destroy());
    });
    if (up) return;
    if (Date.now() > until) throw new Error(`nothing listens on port ${port}`);
    await sleep(50);
  }
}

export async function startRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    await listening(port);
  };
  const kill = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGKILL');
    await exited;
  };
  // A test that dies without its afterAll leaves no Redis behind.
  process.once('exit', () => child?.kill('SIGKILL'));
  await start();
  return { url: `redis://127.0.0.1:${port}`, kill, start };
}
