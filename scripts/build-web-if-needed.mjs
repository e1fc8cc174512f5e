// `npm start` serves the built site: build it when there is no build yet, or the sources are newer.
import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const newest = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
    const p = path.join(dir, e.name);
    if (e.name === 'node_modules' || e.name === 'dist') return max;
    return Math.max(max, e.isDirectory() ? newest(p) : fs.statSync(p).mtimeMs);
  }, 0);

const sources = [path.join(root, 'apps/web'), path.join(root, 'packages/contract/src')];
if (!fs.existsSync(path.join(root, 'apps/web/index.html'))) process.exit(0);
const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
if (built < Math.max(...sources.map(newest))) {
  console.log('building the web app…');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}
