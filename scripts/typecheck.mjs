// `npm run typecheck`: every workspace's tsc at once (tsc uses one core), each remembering what it
// checked (node_modules/.cache/tsc), so a second run checks only what changed since the first.
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// integration/'s config also checks the browser journeys in e2e/.
const projects = ['packages/contract', 'apps/server', 'apps/web', 'apps/admin', 'integration'];
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');

function check(project) {
  const buildInfo = path.join(root, 'node_modules', '.cache', 'tsc', `${project.replaceAll('/', '-')}.tsbuildinfo`);
  const args = [tsc, '-p', project, '--incremental', '--tsBuildInfoFile', buildInfo, '--pretty', String(Boolean(process.stdout.isTTY))];
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { cwd: root });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => resolve({ project, code, output }));
  });
}

// Each project's output is printed whole, so the errors of one do not interleave with another's.
const results = await Promise.all(projects.map(check));
for (const { project, code, output } of results) {
  if (code !== 0) console.error(`tsc -p ${project} failed:\n${output}`);
}
process.exit(results.some((r) => r.code !== 0) ? 1 : 0);
