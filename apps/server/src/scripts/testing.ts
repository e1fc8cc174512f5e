import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '../..');

/**
 * Tests: runs `npm run ledger:audit`'s script in a process of its own against a database (env
 * DATA_DIR for PGlite, whose server must be closed first, or DATABASE_SCHEMA); answers the exit
 * code and the output.
 */
export async function runLedgerAudit(env: Record<string, string>): Promise<{ code: number; out: string }> {
  const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');
  try {
    const { stdout } = await run(tsx, ['src/scripts/ledger-audit.ts'], { cwd: serverDir, env: { ...process.env, ...env } });
    return { code: 0, out: stdout };
  } catch (err) {
    const e = err as { code: number; stdout: string };
    return { code: e.code, out: e.stdout };
  }
}

/** Tests: runs one of the server's scripts (src/scripts/<name>.ts) with arguments, in a process of its own. */
export async function runScript(name: string, args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');
  try {
    const { stdout, stderr } = await run(tsx, [`src/scripts/${name}.ts`, ...args], { cwd: serverDir, env: { ...process.env, ...env } });
    return { code: 0, out: stdout, err: stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout, err: e.stderr };
  }
}
