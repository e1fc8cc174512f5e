import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEMPLATE_ENV, makeTemplate } from './harness.ts';

/**
 * Once per test run, before any test file: the PGlite template every test server copies (see
 * `makeTemplate`). On PostgreSQL each test migrates a schema of its own instead. The copies live
 * in memory (/dev/shm) where the machine has it; all of them go with the run.
 */
export default async function setup(): Promise<() => void> {
  if (process.env.DATABASE_URL) return () => undefined;
  const base = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const root = fs.mkdtempSync(path.join(base, 'bp-test-pglite-'));
  const template = path.join(root, 'template');
  await makeTemplate(template);
  process.env[TEMPLATE_ENV] = template;
  return () => {
    delete process.env[TEMPLATE_ENV];
    fs.rmSync(root, { recursive: true, force: true });
  };
}
