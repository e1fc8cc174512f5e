import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loginDigest } from '@bp/contract';
import { watchPictures } from '../apps/server/src/modules/auth/index.ts';
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

describe.runIf(browserAvailable())('security verification', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => site?.close());

  it('[S4-05] [S4-06] [S4-07] the dialog opens on need-safe; closing it cancels; solving it completes the call', async () => {
    const member = await site.server.member();
    const { page } = await phone(site);
    await logIn(page, member.name, member.password);
    await page.goto('/app/member/password');
    const fill = async () => {
      await page.getByPlaceholder('请输入原密码').fill(member.password);
      await page.getByPlaceholder('新密码：8-12位字母和数字组合').fill('newpass123');
      await page.getByPlaceholder('请再次输入密码').fill('newpass123');
    };
    await fill();

    // First time: the member closes the dialog, and the call is cancelled ('request closed').
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('安全验证', { exact: true }).waitFor();
    await settle(page);
    await page.getByLabel('关闭').click();
    await page.getByText('请求已关闭').waitFor();

    // Second time: the slider, solved where the notch is, and the change goes through.
    let notchX = -1;
    const stop = watchPictures((seen) => {
      if (seen.kind === 'slider') notchX = seen.notchX;
    });
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByRole('slider').waitFor();
    await settle(page);
    await shoot(page, '10-security-verification');
    stop();
    expect(notchX).toBeGreaterThan(0);
    await dragSlider(page, notchX);
    await page.getByText('密码修改成功').waitFor();
    await waitForPath(page, '/app/member');
    await shoot(page, '11-password-changed');

    // This device goes on with the fresh session; the new password is the one that works now.
    await page.reload();
    await page.getByText(member.name, { exact: true }).first().waitFor();
    const login = await site.server.inject({ method: 'POST', url: '/api/member/login/v3', payload: { name: member.name, password: loginDigest(member.name, 'newpass123') } });
    expect(login.json().code).toBe(0);
  });
});
