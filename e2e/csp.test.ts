import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, phone, startSite, type Site } from './harness.ts';
import { logIn, waitForPath } from './steps.ts';

/**
 * The site's CSP (script-src 'self') is strict. Whatever the site runs must live within it: a refused
 * call (such as zod's `new Function('')` probe before it was configured jitless) is reported as a
 * `securitypolicyviolation` and in the console, even when the code swallows the error (issue 13).
 */
describe.runIf(browserAvailable())('the content security policy', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite({ runJobs: true });
  });
  afterAll(async () => site?.close());

  it('the main pages, the forms that validate and a sign-in run without a single CSP violation', async () => {
    const { page } = await phone(site);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
    });
    const reported: string[] = [];
    page.on('console', (msg) => {
      if (/content security policy/i.test(msg.text())) reported.push(`${page.url()}: ${msg.text()}`);
    });
    const violations: string[] = [];
    const collect = async () => {
      const seen = await page.evaluate(() => (window as unknown as { cspViolations?: string[] }).cspViolations ?? []);
      violations.push(...seen.map((v) => `${page.url()}: ${v}`));
    };
    const open = async (path: string) => {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await collect();
    };

    const member = await site.server.member();
    const list = await (
      await fetch(`${site.url}/api/sports/list`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"page":1,"size":1}' })
    ).json();
    const matchId = list.data.list[0].matchId as number;

    for (const path of ['/app/home', '/app/sports', `/app/sports/match/${matchId}`, '/register']) await open(path);
    // The sign-in form validates with the contract's rules (zod) before it calls the server.
    await logIn(page, member.name, member.password);
    await waitForPath(page, '/app/home');
    await collect();
    for (const path of ['/app/wallet', '/app/wallet/deposit', '/app/wallet/withdraw', '/app/member']) await open(path);

    expect(violations).toEqual([]);
    expect(reported).toEqual([]);
  });
});
