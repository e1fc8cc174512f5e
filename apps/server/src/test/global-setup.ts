import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TEMPLATE_ENV, makeTemplate } from './harness.ts';
import { PG_TEMPLATE_ENV, createTemplateDatabase, dropRunDatabases, onDatabase } from './pg-template.ts';

/**
 * Once per test run, before any test file: the PGlite template every test server on PGlite copies
 * (see `makeTemplate`), and with DATABASE_URL the template database each test server on PostgreSQL
 * copies (`pg-template.ts`); the embedded database's proofs run on PGlite then too (the `pglite`
 * project). PGlite's copies live in memory (/dev/shm) where the machine has it; all of them go with
 * the run.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  const base = fs.existsSync('/dev/shm') ? '/dev/shm' : os.tmpdir();
  const root = fs.mkdtempSync(path.join(base, 'bp-test-pglite-'));
  const template = path.join(root, 'template');
  const pgTemplate = url ? await createTemplateDatabase(url) : null;
  await makeTemplate(template);
  if (url && pgTemplate) await makeTemplate('', onDatabase(url, pgTemplate));
  process.env[TEMPLATE_ENV] = template;
  if (pgTemplate) process.env[PG_TEMPLATE_ENV] = pgTemplate;
  return async () => {
    delete process.env[TEMPLATE_ENV];
    delete process.env[PG_TEMPLATE_ENV];
    fs.rmSync(root, { recursive: true, force: true });
    if (url && pgTemplate) await dropRunDatabases(url, pgTemplate);
  };
}
