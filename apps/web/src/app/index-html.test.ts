import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** The page every route starts from, as the browser and search engines read it. */
const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
const meta = (name: string) => new RegExp(`<meta name="${name}" content="([^"]*)"`).exec(html)?.[1];

describe('index.html', () => {
  it('lets the member zoom (no maximum-scale, no user-scalable=no): a low-vision reader must be able to enlarge the odds', () => {
    expect(meta('viewport')).toContain('width=device-width');
    expect(meta('viewport')).not.toMatch(/maximum-scale|user-scalable/);
  });

  it('describes the site in Chinese for search results and shares', () => {
    expect(html).toContain('<html lang="zh-CN">');
    expect(meta('description')?.length).toBeGreaterThan(10);
  });
});
