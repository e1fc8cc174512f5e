import { describe, expect, it } from 'vitest';
import { matchRoutes, type RouteObject } from 'react-router-dom';
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

describe('built pages agree with the router', () => {
  it("answers as React Router's own matching for the forms the app's table uses", () => {
    // Absolute and relative paths, parameters, index routes, layouts without a path, the catch-all.
    const app: RouteObject[] = [
      {
        children: [
          { path: '/', children: [] },
          { path: '/login' },
          { path: '/cs', children: [{ path: '/cs/chat' }] },
          {
            children: [
              {
                path: '/app',
                children: [
                  { index: true },
                  { path: 'home' },
                  { path: 'sports', children: [{ index: true }, { path: 'match/:matchId' }, { path: 'records' }] },
                  { path: 'egame/:code' },
                  { path: 'news/assist/:matchId' },
                  { path: '/app/wallet', children: [{ path: 'deposit/:orderId' }] },
                ],
              },
            ],
          },
          { path: '*' },
        ],
      },
    ];
    registerRouteTable(app);
    const routerSays = (path: string) => {
      const matches = matchRoutes(app, path.split(/[?#]/)[0]);
      return !!matches && matches[matches.length - 1].route.path !== '*';
    };
    const paths = [
      '/',
      '/app',
      '/app/',
      '/app/home',
      '/APP/Home',
      '/app/home/',
      '/app/home?x=1',
      '/app/sports',
      '/app/sports/match/123',
      '/app/sports/match/',
      '/app/sports/match/1/2',
      '/app/sports/records',
      '/app/egame/pg',
      '/app/egame',
      '/app/news/assist/5',
      '/app/news',
      '/app/wallet',
      '/app/wallet/deposit/9',
      '/app/wallet/deposit',
      '/app/nothing',
      '/login',
      '/login/x',
      '/cs',
      '/cs/chat',
      '/nowhere',
      '/app/home.x',
    ];
    for (const path of paths) expect([path, isBuiltPath(path)]).toEqual([path, routerSays(path)]);
    expect(isBuiltPath('/app/sports/match/123')).toBe(true);
    expect(isBuiltPath('/app/nothing')).toBe(false);
  });

  it('refuses a path form it cannot read, rather than answer wrongly', () => {
    expect(() => registerRouteTable([{ path: '/app/:id?' }])).toThrow(/does not read/);
  });
});
