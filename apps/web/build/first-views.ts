import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_VIEWS } from '../src/app/first-views.ts';

/** What vite's manifest says of one module of the build. */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** A page's files beyond the entry's: what the server names in that page's HTML. */
export interface FirstView {
  /** A route pattern (`:name` matches one path segment). */
  path: string;
  scripts: string[];
  styles: string[];
}

/** The file the server reads (next to vite's manifest, which it is derived from). */
export const FIRST_VIEWS_FILE = '.vite/first-views.json';

/** Every chunk a module needs, itself first, through its static imports. */
function closure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** The first views' files, without those the entry's HTML already loads. */
export function firstViews(manifest: Manifest, views: Readonly<Record<string, readonly string[]>>): FirstView[] {
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entry) throw new Error('first views: the manifest has no entry');
  const loaded = closure(manifest, entry);
  return Object.entries(views).map(([route, modules]) => {
    const keys = new Set<string>();
    for (const module of modules) {
      if (!manifest[module]) throw new Error(`first views: ${module} (for ${route}) is not a module of the build`);
      for (const key of closure(manifest, module)) if (!loaded.has(key)) keys.add(key);
    }
    const chunks = [...keys].map((key) => manifest[key]);
    return {
      path: route,
      scripts: chunks.map((c) => `/${c.file}`),
      styles: [...new Set(chunks.flatMap((c) => c.css ?? []))].map((file) => `/${file}`),
    };
  });
}

/** Writes FIRST_VIEWS_FILE from the build's manifest once the bundle is written. */
export function firstViewsFile(): Plugin {
  let outDir = 'dist';
  return {
    name: 'bp-first-views',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const manifest = JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
      fs.writeFileSync(path.join(outDir, FIRST_VIEWS_FILE), JSON.stringify(firstViews(manifest, FIRST_VIEWS)));
    },
  };
}
