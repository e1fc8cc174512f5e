import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors } from '@bp/contract';
import { browserAvailable, phone, shoot, startSite, type Site } from './harness.ts';
import { dialogText, logIn, memberChannelOpen, waitForPath } from './steps.ts';

describe.runIf(browserAvailable())('one member, two devices', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => site?.close());

  it('[S4-04] [S8-08] [S2-01] a login on another device ends the first session: the alert, then /login', async () => {
    const member = await site.server.member();
    const first = await phone(site);
    await logIn(first.page, member.name, member.password);
    // The first phone listens on its member channel before the second one logs in.
    const listening = memberChannelOpen(first.page);
    await first.page.goto('/app/member');
    await first.page.getByText(member.name, { exact: true }).first().waitFor();
    await listening;

    const second = await phone(site);
    await logIn(second.page, member.name, member.password);

    expect(await dialogText(first.page)).toContain(Errors.LOGIN_ELSEWHERE.msg);
    await waitForPath(first.page, /^\/login\?fromPage=%2Fapp%2Fmember/);
    await shoot(first.page, '09-login-elsewhere');
    expect(await first.page.evaluate(() => [localStorage.getItem('bp.token'), localStorage.getItem('bp.userInfo')])).toEqual([null, null]);
    await first.page.getByRole('button', { name: '确定' }).click();

    // The second phone goes on as the member.
    await second.page.goto('/app/member');
    await second.page.getByText(member.name, { exact: true }).first().waitFor();
    await first.context.close();
    await second.context.close();
  });
});
