import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { ProviderHeaders } from '@bp/contract';
import type { TestServer } from '../../test/harness.ts';
import { signatureOf } from './secrets.ts';

/** Tests only: the provider simulator's script (tools/provider-sim), its process, and signed calls. */
export const SIM_SCRIPT = path.resolve(import.meta.dirname, '../../../../../tools/provider-sim/sim.mjs');

export interface Sim {
  /** The simulator's own address (its /launch page, its /control calls). */
  url: string;
  /** A POST to the simulator, its JSON answer. */
  post(route: string, body?: unknown): Promise<any>;
  /** Ends the process (kill -9 with `hard`), waiting for its exit. */
  stop(hard?: boolean): Promise<void>;
  process: ChildProcess;
}

/** Starts the simulator as a child process on a loopback port, speaking to the server at `server`. */
export async function startSim(server: string, secret: string, apiName = 'SIM', heartbeatMs = 1_000): Promise<Sim> {
  const child = spawn(
    process.execPath,
    [SIM_SCRIPT, '--server', server, '--port', '0', '--api-name', apiName, '--secret', secret, '--heartbeat-ms', String(heartbeatMs)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  child.stderr!.on('data', (chunk) => (log += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (match) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`provider-sim exited (${code}): ${log}`)));
  });
  return {
    url,
    process: child,
    async post(route, body = {}) {
      const res = await fetch(url + route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return res.json();
    },
    async stop(hard = false) {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill(hard ? 'SIGKILL' : 'SIGTERM');
      await exited;
    },
  };
}

/** A protocol call the test signs itself (to forge, age or misname one); `headers` override the signed ones. */
export async function providerCall(
  s: TestServer,
  name: string,
  payload: unknown,
  {
    apiName = 'SIM',
    secret,
    timestamp = String(Date.now()),
    headers = {},
  }: { apiName?: string; secret: string; timestamp?: string; headers?: Record<string, string> },
) {
  const url = `/api/provider/v1/${name}`;
  const body = JSON.stringify(payload);
  const res = await s.inject({
    method: 'POST',
    url,
    payload: body,
    headers: {
      'content-type': 'application/json',
      [ProviderHeaders.provider]: apiName,
      [ProviderHeaders.timestamp]: timestamp,
      [ProviderHeaders.signature]: signatureOf(secret, timestamp, url, body),
      ...headers,
    },
  });
  const answer = res.json();
  return { status: res.statusCode, code: answer.code as number, data: answer.data, msg: answer.msg as string };
}
