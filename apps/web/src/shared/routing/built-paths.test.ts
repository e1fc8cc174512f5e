import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router-dom';
import { isBuiltPath, isUsableLink, registerRouteTable } from './built-paths.ts';

/** A route table shaped like the app's: pages under /app, status pages, and the catch-all. */
const table: RouteObject[] = [
  {
    children: [
      { path: '/login' },
      { path: '/cs' },
      { path: '/app', children: [{ index: true }, { path: 'home' }, { path: 'member' }, { path: 'member/profile' }] },
      { path: '*' },
    ],
  },
];

describe('built pages decide what navigation shows', () => {
  it('shows links to built pages and to other sites, never to an area that is not built', () => {
    registerRouteTable(table);
    expect(isBuiltPath('/app/home')).toBe(true);
    expect(isBuiltPath('/app/home#app-download')).toBe(true);
    expect(isBuiltPath('/app/member/profile?x=1')).toBe(true);
    expect(isBuiltPath('/cs')).toBe(true);
    expect(isBuiltPath('/app/sports')).toBe(false);
    expect(isBuiltPath('/app/wallet')).toBe(false);
    expect(isUsableLink('https://t.me/kefu')).toBe(true);
    expect(isUsableLink('/app/promotions')).toBe(false);
    expect(isUsableLink('javascript:alert(1)')).toBe(false);
  });
});
