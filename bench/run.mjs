// `npm run bench`: every benchmark in this folder, one after another (a file per measured target).
// Pass names to run some: `npm run bench -- api-core wallet-transfer`.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const dir = import.meta.dirname;
const skip = new Set(['run.mjs', 'lib.mjs', 'bare-server.mjs']);
const wanted = process.argv.slice(2);
const benches = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.mjs') && !skip.has(f) && !f.startsWith('_'))
  .filter((f) => wanted.length === 0 || wanted.includes(f.replace(/\.mjs$/, '')))
  .sort();

let failed = 0;
for (const file of benches) {
  console.log(`\n=== ${file}`);
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(dir, file)], { stdio: 'inherit', cwd: path.resolve(dir, '..') });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
