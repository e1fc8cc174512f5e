// `npm start` serves the built site and console: build each when there is no build yet, or its sources are newer.
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const newest = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
    const p = path.join(dir, e.name);
    if (e.name === 'node_modules' || e.name === 'dist') return max;
    return Math.max(max, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }, 0);

// The member site (apps/web) and the operator console (apps/admin), each built on its own.
for (const app of ['web', 'admin']) {
  const dir = path.join(root, 'apps', app);
  if (!fs.existsSync(path.join(dir, 'index.html'))) continue;
  const dist = path.join(dir, 'dist/index.html');
  const sources = [dir, path.join(root, 'packages/contract/src')];
  const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
  if (built < Math.max(...sources.map(newest))) {
    console.log(`building apps/${app}…`);
    execSync(`npm run build -w apps/${app}`, { cwd: root, stdio: 'inherit' });
  }
}
