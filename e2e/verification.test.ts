import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { Errors, loginDigest } from '@bp/contract';
import { setMustChangePassword, watchPictures } from '../apps/server/src/modules/auth/index.ts';
import { bearer } from '../apps/server/src/test/harness.ts';
import { browserAvailable, phone, shoot, startSite, type Site } from './harness.ts';
import { logIn, settle, waitForPath } from './steps.ts';

/** Drags the slider like a person: the piece to `x`, over about half a second. */
async function dragSlider(page: Page, x: number): Promise<void> {
  const handle = page.getByRole('slider');
  const box = (await handle.boundingBox())!;
  const y = box.y + box.height / 2;
  const startX = box.x + box.width / 2;
  await page.mouse.move(startX, y);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(startX + (x * i) / 12, y);
    await page.waitForTimeout(40);
  }
  await page.mouse.up();
}

/** The change-password form, filled in. */
async function fillPasswordChange(page: Page, old: string, next: string): Promise<void> {
  await page.getByPlaceholder('请输入原密码').fill(old);
  await page.getByPlaceholder('新密码：8-12位字母和数字组合').fill(next);
  await page.getByPlaceholder('请再次输入密码').fill(next);
}

/** Does what opens the slider, then solves it where the server drew the notch. */
async function passSlider(page: Page, open: () => Promise<void>, screenshot?: string): Promise<void> {
  let notchX = -1;
  const stop = watchPictures((seen) => {
    if (seen.kind === 'slider') notchX = seen.notchX;
  });
  try {
    await open();
    await page.getByRole('slider').waitFor();
    await settle(page);
    if (screenshot) await shoot(page, screenshot);
  } finally {
    stop();
  }
  expect(notchX).toBeGreaterThan(0);
  await dragSlider(page, notchX);
}

describe.runIf(browserAvailable())('security verification', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => site?.close());

  /** A dormant member logs in on a fresh phone and is asked to wake the account. */
  const logInAsleep = async (member: { name: string; password: string }) => {
    const { page } = await phone(site);
    await page.goto('/login');
    await page.getByPlaceholder('请输入用户名').fill(member.name);
    await page.getByPlaceholder('请输入密码').fill(member.password);
    await page
      .getByRole('button', { name: /登\s*录/ })
      .first()
      .click();
    await page.getByText('激活账号', { exact: true }).waitFor();
    return page;
  };

  /** No login for longer than the site's member_sleep_days (90): made 100 days ago, not seen since. */
  const makeDormant = (memberId: number) =>
    site.server.deps.db.execute(sql`
      UPDATE members SET created_at = now() - interval '100 days', last_login_at = now() - interval '100 days' WHERE member_id = ${memberId}`);

  it('[S4-05] [S4-06] [S4-07] the dialog opens on need-safe; closing it cancels; solving it completes the call', async () => {
    const member = await site.server.member();
    const { page } = await phone(site);
    await logIn(page, member.name, member.password);
    await page.goto('/app/member/password');
    await fillPasswordChange(page, member.password, 'newpass123');

    // First time: the member closes the dialog, and the call is cancelled ('request closed').
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('安全验证', { exact: true }).waitFor();
    await settle(page);
    await page.getByLabel('关闭').click();
    await page.getByText('请求已关闭').waitFor();

    // Second time: the slider, solved where the notch is, and the change goes through.
    await passSlider(page, () => page.getByRole('button', { name: '确认修改' }).click(), '10-security-verification');
    await page.getByText('密码修改成功').waitFor();
    await waitForPath(page, '/app/member');
    await shoot(page, '11-password-changed');

    // This device goes on with the fresh session; the new password is the one that works now.
    await page.reload();
    await page.getByText(member.name, { exact: true }).first().waitFor();
    const login = await site.server.inject({
      method: 'POST',
      url: '/api/member/login/v3',
      payload: { name: member.name, password: loginDigest(member.name, 'newpass123') },
    });
    expect(login.json().code).toBe(0);
  });

  it("[S7-09] a dormant member is told so at login, wakes the account with the picture's code, and is logged in", async () => {
    const member = await site.server.member();
    await makeDormant(member.memberId);
    let code = '';
    let drawn = 0;
    const stop = watchPictures((seen) => {
      if (seen.kind !== 'code') return;
      code = seen.text;
      drawn++;
    });
    try {
      const page = await logInAsleep(member);
      await expect(page.locator('.bp-auth-notice').innerText()).resolves.toContain('超过 90 天未登录');
      await expect.poll(() => drawn).toBe(1);
      await shoot(page, 'dormant-activate');

      // No phone bound: an SMS cannot wake this account.
      await page.getByRole('button', { name: '改用短信验证码激活' }).click();
      await page.getByText(Errors.CONTACT_NOT_BOUND.msg).waitFor();

      // A wrong code: refused, and a new picture to read.
      await page.getByPlaceholder('请输入图形验证码').fill(code === 'ZZZZ' ? 'YYYY' : 'ZZZZ');
      await page.getByRole('button', { name: '激活并登录' }).click();
      await page.getByText('验证码错误', { exact: false }).first().waitFor();
      await expect.poll(() => drawn).toBe(2);
      expect((await site.server.inject({ method: 'POST', url: '/api/member/isMemberSleep', payload: { name: member.name } })).json().data.sleep).toBe(true);

      await page.getByPlaceholder('请输入图形验证码').fill(code);
      await page.getByRole('button', { name: '激活并登录' }).click();
      await page.getByText('账号已激活，欢迎回来').waitFor();
      await waitForPath(page, '/app/home');
      expect((await site.server.inject({ method: 'POST', url: '/api/member/isMemberSleep', payload: { name: member.name } })).json().data.sleep).toBe(false);
      const token = await page.evaluate(() => localStorage.getItem('bp.token'));
      expect((await site.server.inject({ method: 'POST', url: '/api/member/info', headers: bearer(token!), payload: {} })).json().data.name).toBe(member.name);
    } finally {
      stop();
    }
  });

  it('[S7-09] a member the operator asked for a new password is held on the password page until it is changed', async () => {
    const member = await site.server.member();
    const { page } = await phone(site);
    await logIn(page, member.name, member.password);
    await page.goto('/app/wallet');
    await page.getByText('中心钱包').first().waitFor();

    // The operator asks for it after this device logged in: the next visit learns it (checkChangePassword).
    await setMustChangePassword(site.server.deps.db, member.memberId, true);
    await page.goto('/app/wallet');
    await waitForPath(page, '/app/member/password');
    await page.getByText('为了您的账户安全，请先修改登录密码').waitFor();
    await shoot(page, 'must-change-password');
    // Every member page brings the member back here; the home page stays open.
    await page.locator('.bp-tabbar').getByText('我的').click();
    await waitForPath(page, '/app/member/password');
    await page.goto('/app/home');
    await page.locator('#app-download').waitFor();

    await page.goto('/app/member/password');
    await fillPasswordChange(page, member.password, 'fresh12345');
    await passSlider(page, () => page.getByRole('button', { name: '确认修改' }).click());
    await page.getByText('密码修改成功').waitFor();
    await waitForPath(page, '/app/member');
    await page.goto('/app/wallet');
    await page.getByText('中心钱包').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/wallet');
    const token = await page.evaluate(() => localStorage.getItem('bp.token'));
    expect((await site.server.inject({ method: 'POST', url: '/api/member/checkChangePassword', headers: bearer(token!), payload: {} })).json().data).toEqual({
      mustChange: false,
    });
  });

  it('[S7-09] [S7-10] a dormant member with a bound phone wakes the account with a code sent to it', async () => {
    const member = await site.server.member();
    const api = (url: string, payload: object, token?: string) =>
      site.server.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, payload }).then((r) => r.json());
    const number = `137${String(member.memberId).padStart(8, '0').slice(-8)}`;
    const sent = await api('/api/member/sendCode', { type: 'sms', scene: 'bind', phone: number }, member.token);
    expect((await api('/api/member/bindPhone', { phone: number, code: sent.data.sandboxCode }, member.token)).code).toBe(0);
    await makeDormant(member.memberId);

    const page = await logInAsleep(member);
    await page.getByRole('button', { name: '改用短信验证码激活' }).click();
    const sandbox = page.getByText(/本次验证码为 \d+/);
    await sandbox.waitFor();
    await page.getByText(`验证码已发送至 ${number.slice(0, 3)}****${number.slice(-4)}`).waitFor();
    await shoot(page, 'dormant-activate-sms');
    await page.getByPlaceholder('请输入验证码').fill(/(\d{6})/.exec(await sandbox.innerText())![1]);
    await page.getByRole('button', { name: '激活并登录' }).click();
    await page.getByText('账号已激活，欢迎回来').waitFor();
    await waitForPath(page, '/app/home');
    expect((await api('/api/member/isMemberSleep', { name: member.name })).data.sleep).toBe(false);
  });
});
