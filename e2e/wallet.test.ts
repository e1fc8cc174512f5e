import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { THEME_SERIES } from '@bp/contract';
import { setConfig } from '../apps/server/src/modules/site/index.ts';
import { bearer } from '../apps/server/src/test/harness.ts';
import { browserAvailable, phone, shoot, startSite, tour, type Site } from './harness.ts';
import { logIn, settle, waitForPath } from './steps.ts';

/** The wallet screens in Chromium on the real server: money moves through the UI, the ledger is asked after. */

/** Types digits on the numeric keypad of the focused password boxes, as a thumb would. */
async function tapPin(page: Page, boxes: number, digits: string): Promise<void> {
  await page.locator('.adm-passcode-input').nth(boxes).click();
  // The keypad of the field left slides away while this one slides up.
  await expect.poll(() => keypad(page).count()).toBe(1);
  for (const d of digits) await keypad(page).getByRole('button', { name: d, exact: true }).click();
}

/** The numeric keypad that is up now (each password field has its own). */
const keypad = (page: Page) => page.locator('.adm-number-keyboard-popup .adm-popup-body').filter({ visible: true });

/** The password sheet (title, amount, the six boxes and the line under them) shows whole on screen, above the keypad the member types on. */
async function pinSheetAboveKeypad(page: Page): Promise<void> {
  const sheet = page.locator('.bp-pin-sheet');
  const [keys, title, boxes, line] = await Promise.all(
    [keypad(page), sheet.locator('.bp-sheet-title'), sheet.locator('.adm-passcode-input'), sheet.locator('.bp-field-error')].map((l) => l.boundingBox()),
  );
  expect(keys && title && boxes && line).toBeTruthy();
  expect(title!.y).toBeGreaterThanOrEqual(0);
  expect(boxes!.y + boxes!.height).toBeLessThanOrEqual(keys!.y);
  expect(line!.y + line!.height).toBeLessThanOrEqual(keys!.y);
}

/** Waits for a toast to leave before a screenshot. */
const calm = (page: Page) =>
  page
    .locator('.adm-toast-mask')
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);

/** A real, checksummed TRC20 address (Tether's contract on TRON). */
const TRC20 = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe.runIf(browserAvailable())('the wallet', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    for (const siteId of [1, 2]) if (site) await setConfig(site.server.deps.db, siteId, 'withdraw_turnover_multiple', null).catch(() => undefined);
    await site?.close();
  });

  const api = async (token: string, url: string, payload: object = {}, key?: string, siteId = 1) => {
    const headers = bearer(token, { ...(key ? { 'idempotency-key': key } : {}), ...(siteId === 1 ? {} : { 'x-site-id': String(siteId) }) });
    return (await site.server.inject({ method: 'POST', url, headers, payload })).json().data;
  };
  const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('bp.token')!);

  it('[S7-13] [S3-03] [S4-13] [S7-11] [S5-07] a sandbox deposit, a transfer to a venue and back, one-click recover, all in the history', async () => {
    const member = await site.server.member();
    const { page } = await phone(site);
    const keys: Record<string, string[]> = {};
    page.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (/\/api\/wallet\/(pay\/payVal|transfer|recover)$/.test(path)) (keys[path] ??= []).push(r.headers()['idempotency-key']);
    });
    await logIn(page, member.name, member.password);
    await page.goto('/app/member');
    await page.locator('.bp-member-shortcuts').getByText('存款').waitFor();
    await shoot(page, 'wallet-00-member-shortcuts');
    await page.getByText('我的钱包').click();
    await waitForPath(page, '/app/wallet');
    await page.getByTestId('wallet-main').getByText('¥0.00').waitFor();
    await shoot(page, 'wallet-01-wallet');

    await page.locator('.bp-wallet-action', { hasText: '存款' }).click();
    await waitForPath(page, '/app/wallet/deposit');
    const amount = page.getByPlaceholder('请输入存款金额');
    await amount.fill('12.345');
    expect(await amount.inputValue()).toBe('12.34');
    await amount.fill('5');
    await page.getByText('单笔最低 ¥10.00').waitFor();
    expect(await page.getByRole('button', { name: '立即存款' }).isDisabled()).toBe(true);
    await page.locator('.bp-amount-picks .bp-chip', { hasText: /^500$/ }).click();
    expect(await amount.inputValue()).toBe('500');
    await shoot(page, 'wallet-02-deposit');
    await page.getByRole('button', { name: '立即存款' }).click();
    await page.getByText('¥500.00 已存入中心钱包').waitFor();
    await calm(page);
    await shoot(page, 'wallet-03-deposit-credited');
    await page.getByRole('button', { name: '返回钱包' }).click();
    await page.getByTestId('wallet-main').getByText('¥500.00').waitFor();

    // Seed 4: the auto-transfer switch is set here and read back after a reload.
    const autoSwitch = page.getByRole('switch', { name: '免转钱包' });
    await autoSwitch.click();
    await page.getByText('已开启免转钱包').waitFor();
    await page.reload();
    await page.getByTestId('wallet-main').getByText('¥500.00').waitFor();
    await expect.poll(() => autoSwitch.getAttribute('aria-checked')).toBe('true');

    const venue = page.locator('[data-venue=PG]');
    await venue.click();
    await page.getByPlaceholder('请输入转账金额').fill('200');
    await settle(page);
    await shoot(page, 'wallet-04-transfer');
    await page.getByRole('button', { name: '确认转账' }).click();
    await page.getByText('转账成功').waitFor();
    await venue.getByText('¥200.00').waitFor();
    await page.getByTestId('wallet-main').getByText('¥300.00').waitFor();

    await venue.click();
    // The sheet spans the phone's screen, whatever order its styles came in (it is fetched on the first tap).
    await expect.poll(async () => (await page.locator('.bp-sheet').boundingBox())?.x).toBe(0);
    await page.getByRole('tab', { name: '转回中心钱包' }).click();
    await page.getByPlaceholder('请输入转账金额').fill('50');
    await page.getByRole('button', { name: '确认转账' }).click();
    await venue.getByText('¥150.00').waitFor();

    await page.getByRole('button', { name: '一键回收' }).click();
    await page.getByText('已回收至中心钱包，当前余额 ¥500.00').waitFor();
    await venue.getByText('¥0.00').waitFor();
    await page.getByTestId('wallet-main').getByText('¥500.00').waitFor();

    // Every money call carried a key of its own, one per action.
    const sent = Object.values(keys).flat();
    expect(sent).toHaveLength(4);
    for (const key of sent) expect(key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(new Set(sent).size).toBe(4);

    await page.getByText('交易记录').click();
    await waitForPath(page, '/app/wallet/records');
    const rows = page.locator('.bp-deal');
    await rows.filter({ hasText: '存款到账' }).getByText('+¥500.00').waitFor();
    await rows.filter({ hasText: '中心钱包 → PG电子' }).getByText('-¥200.00').waitFor();
    await rows.filter({ hasText: 'PG电子 → 中心钱包' }).first().waitFor();
    await expect.poll(() => rows.count()).toBe(4);
    await page.getByRole('tab', { name: '转账' }).click();
    // The filtered list replaces the whole one: three transfers, no deposit.
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.filter({ hasText: '存款到账' }).count()).toBe(0);
    await page.getByRole('tab', { name: '全部' }).first().click();
    await rows.filter({ hasText: '存款到账' }).waitFor();
    await calm(page);
    await shoot(page, 'wallet-05-records');

    const ledger = await api(await tokenOf(page), '/api/wallet/balance');
    expect(ledger.main).toBe(500);
    expect(ledger.venues.find((v: { api_name: string }) => v.api_name === 'PG').balance).toBe(0);
  });

  it('[S3-20] [S5-06] [S5-08] [S9-04] [S7-14] a first withdrawal: real name, password and card bound, then the amount held with the password, pending', async () => {
    const member = await site.server.member();
    const { page } = await phone(site);
    await logIn(page, member.name, member.password);
    const token = await tokenOf(page);
    await api(token, '/api/wallet/pay/payVal', { payTypeId: 1, amount: 1000 }, `e2e-w-${Date.now()}`);

    await page.goto('/app/wallet/withdraw');
    await page.getByText('完善提款信息').waitFor();
    await page.getByPlaceholder('请输入真实姓名').fill('张三');
    await shoot(page, 'wallet-06-bind-real-name');
    await page.getByRole('button', { name: '确认实名' }).click();

    await page.getByText('请输入6位数字资金密码').waitFor();
    await tapPin(page, 0, '258036');
    await tapPin(page, 1, '258036');
    await shoot(page, 'wallet-07-bind-password');
    await page.getByRole('button', { name: '设置资金密码' }).click();

    await page.getByRole('button', { name: '添加银行卡' }).click();
    await waitForPath(page, '/app/wallet/cards/add');
    await page.getByText('张三').waitFor();
    await page.getByText('请选择开户银行').first().click();
    await page.locator('.adm-check-list-item', { hasText: '招商银行' }).click();
    const cardNum = page.getByPlaceholder('请输入银行卡号');
    await cardNum.fill('6217001234567890123');
    expect(await cardNum.inputValue()).toBe('6217 0012 3456 7890 123');
    await page.getByText('请输入正确的银行卡号').waitFor();
    await cardNum.fill('6217001234567890122');
    await page.getByText('卡号校验通过').waitFor();
    await calm(page);
    await shoot(page, 'wallet-08-add-card');
    await page
      .getByRole('button', { name: '提 交' })
      .or(page.getByRole('button', { name: '提交' }))
      .first()
      .click();

    await waitForPath(page, '/app/wallet/withdraw');
    await page.getByText('还需完成 ¥1,000.00 流水方可提款').waitFor();
    // The operator waives the turnover rule for this site: the form opens up.
    await setConfig(site.server.deps.db, 1, 'withdraw_turnover_multiple', '0');
    await page.reload();
    await page.locator('.bp-destination', { hasText: '招商银行' }).getByText('**** **** **** 0122').waitFor();
    await page.getByPlaceholder('请输入提款金额').fill('300');
    await page.locator('.bp-fee').getByText('¥300.00').waitFor();
    await shoot(page, 'wallet-09-withdraw');
    await page.getByRole('button', { name: '立即提款' }).click();

    await keypad(page).first().waitFor();
    for (const d of '111') await keypad(page).getByRole('button', { name: d, exact: true }).click();
    await settle(page);
    await pinSheetAboveKeypad(page);
    await shoot(page, 'wallet-09b-withdraw-pin');
    for (const d of '111') await keypad(page).getByRole('button', { name: d, exact: true }).click();
    await page.locator('.bp-pin-sheet').getByText('资金密码错误').waitFor();
    await pinSheetAboveKeypad(page);
    expect(await api(token, '/api/wallet/balance').then((b) => b.frozen)).toBe(0);
    for (const d of '258036') await keypad(page).getByRole('button', { name: d, exact: true }).click();
    await page.getByText('提款申请已提交').waitFor();
    await page.getByText('¥300.00 已冻结，审核通过后出款').waitFor();
    await calm(page);
    await shoot(page, 'wallet-10-withdraw-held');

    await page.locator('.bp-withdraw-done').getByRole('button', { name: '提款记录' }).click();
    const order = page.locator('.bp-order-row').first();
    await order.getByText('审核中').waitFor();
    await order.getByText('¥300.00').first().waitFor();
    await shoot(page, 'wallet-11-withdraw-orders');
    const held = await api(token, '/api/wallet/balance');
    expect([held.main, held.frozen]).toEqual([700, 300]);
    await page.goto('/app/wallet');
    await page.locator('.bp-wallet-figure', { hasText: '冻结中' }).getByText('¥300.00').waitFor();
  });

  it('[S7-13] [S9-04] speedPay with receipt, "paid", appeal and cancel count; the USDT order; yeb; cards and password screens', async () => {
    const member = await site.server.member();
    const { page } = await phone(site);
    await logIn(page, member.name, member.password);
    const token = await tokenOf(page);
    await api(token, '/api/wallet/pay/payVal', { payTypeId: 1, amount: 1000 }, `e2e-s-${Date.now()}`);

    await page.goto('/app/wallet/deposit');
    await page.getByRole('radio', { name: /银行卡转账/ }).click();
    await page.getByPlaceholder('请输入存款金额').fill('300');
    await page.getByRole('button', { name: '立即存款' }).click();
    await waitForPath(page, /^\/app\/wallet\/deposit\/\d+$/);
    await page.getByText('沙箱收款账户').waitFor();
    await page.getByText('6222 0202 0011 2233 445').waitFor();
    await page.getByText('今日还可取消 3/3 次').waitFor();
    const receipt = await page.screenshot({ clip: { x: 0, y: 0, width: 240, height: 420 } });
    await page.locator('input[type=file]').setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receipt });
    await page.locator('.bp-proof-text').getByText('凭证已上传').waitFor();
    await page.getByPlaceholder('请输入转账人姓名').fill('张三');
    await calm(page);
    await shoot(page, 'wallet-12-speedpay-order');
    await page.getByRole('button', { name: '我已完成转账' }).click();
    await page.locator('.bp-order-head').getByText('审核中').waitFor();
    await page.getByRole('button', { name: '申诉' }).waitFor();
    await page.getByRole('button', { name: '取消订单' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '取消订单' }).click();
    await page.locator('.bp-order-head').getByText('已取消').waitFor();

    await page.goto('/app/wallet/deposit');
    await page.getByRole('radio', { name: /USDT-TRC20/ }).click();
    await page.getByPlaceholder('请输入存款金额').fill('720');
    await page.getByRole('button', { name: '立即存款' }).click();
    await page.getByText('100.00 USDT').waitFor();
    await page.locator('.bp-receive-qr svg').waitFor();
    await shoot(page, 'wallet-13-usdt-order');
    await page.goto('/app/wallet/orders');
    await page.locator('.bp-order-row', { hasText: '已取消' }).waitFor();
    await shoot(page, 'wallet-14-deposit-orders');

    await page.goto('/app/wallet/yeb');
    await page.getByText('0.02%').waitFor();
    await page.getByPlaceholder('请输入转入金额').fill('200');
    await page.getByRole('button', { name: '转入' }).last().click();
    await page.getByTestId('yeb-balance').getByText('¥200.00').waitFor();
    await page.getByText('锁定中 ¥200.00').waitFor();
    await calm(page);
    await shoot(page, 'wallet-15-yeb');

    await page.goto('/app/wallet/cards');
    await page.getByText('添加USDT地址').click();
    await waitForPath(page, '/app/wallet/address/add');
    const address = page.getByPlaceholder('请输入USDT收款地址');
    await address.fill('0x12');
    await page.getByText('请输入正确的USDT地址').waitFor();
    // One character off: the checksum catches it, the shape alone would not.
    await address.fill(`${TRC20.slice(0, -1)}u`);
    await page.getByText('请输入正确的USDT地址').waitFor();
    await address.fill(TRC20);
    await page.getByText('地址格式正确').waitFor();
    await shoot(page, 'wallet-16-add-address');
    await page
      .getByRole('button', { name: '提 交' })
      .or(page.getByRole('button', { name: '提交' }))
      .first()
      .click();
    await waitForPath(page, '/app/wallet/cards');
    await page.getByText(TRC20).waitFor();
    await calm(page);
    await shoot(page, 'wallet-17-cards');

    await page.goto('/app/wallet/password');
    await page.getByText('请输入6位数字资金密码').waitFor();
    await page.locator('.adm-passcode-input').first().click();
    await page.keyboard.type('12a34');
    await expect.poll(() => page.locator('.bp-pin').first().getAttribute('data-filled')).toBe('4');
    await shoot(page, 'wallet-18-password');
  });

  it('[S2-14] [S1-03] the wallet in every theme series, the history page by page, and the USDT site in ₮', async () => {
    const member = await site.server.member();
    const { page } = await phone(site);
    await logIn(page, member.name, member.password);
    for (const series of tour(THEME_SERIES)) {
      await page.goto(`/app/wallet?theme=${series}`);
      await page.getByTestId('wallet-main').getByText('¥0.00').waitFor();
      await shoot(page, `wallet-theme-${series}`);
    }
    // The history reads page after page as the member scrolls: 22 movements, pages of 20.
    const token = await tokenOf(page);
    for (let i = 0; i < 22; i++) await api(token, '/api/wallet/pay/payVal', { payTypeId: 1, amount: 10 + i }, `e2e-p-${i}-${Date.now()}`);
    await page.goto('/app/wallet/records');
    const rows = page.locator('.bp-deal');
    await expect.poll(() => rows.count()).toBe(20);
    await rows.last().scrollIntoViewIfNeeded();
    await expect.poll(() => rows.count()).toBe(22);
    await page.getByText('没有更多了').waitFor();
    await rows.filter({ hasText: '+¥10.00' }).waitFor();
    const usdt = await site.server.member({ siteId: 2 });
    const other = await phone(site);
    await other.page.goto('/login?siteId=2&theme=site');
    await logIn(other.page, usdt.name, usdt.password);
    await other.page.goto('/app/wallet/withdraw');
    await other.page.getByText('完善提款信息').waitFor();
    expect(await other.page.locator('.adm-step-title').allInnerTexts()).toEqual(['资金密码', '绑定USDT地址']);
    await other.page.goto('/app/wallet');
    await other.page.getByTestId('wallet-main').getByText('₮0.00').waitFor();
    await other.page.getByText('USDT钱包').waitFor();
    await shoot(other.page, 'wallet-19-usdt-site');

    // Bound and funded, the USDT member's password sheet asks in ₮, above its keypad too.
    const usdtToken = await tokenOf(other.page);
    const usdtApi = (url: string, payload: object = {}, key?: string) => api(usdtToken, url, payload, key, 2);
    await usdtApi('/api/wallet/withdrawPassword/set', { password: '258036' });
    await usdtApi('/api/wallet/address/add', { network: 'TRC20', address: TRC20 });
    const types: Array<{ payTypeId: number; kind: string }> = await usdtApi('/api/wallet/pay/types');
    await usdtApi('/api/wallet/pay/payVal', { payTypeId: types.find((p) => p.kind === 'sandbox')!.payTypeId, amount: 100 }, `e2e-u-${Date.now()}`);
    await setConfig(site.server.deps.db, 2, 'withdraw_turnover_multiple', '0');
    await other.page.goto('/app/wallet/withdraw');
    await other.page.getByPlaceholder('请输入提款金额').fill('20');
    await other.page.locator('.bp-fee').getByText('₮20.00').waitFor();
    await other.page.getByRole('button', { name: '立即提款' }).click();
    await other.page.locator('.bp-pin-sheet').getByText('₮20.00').waitFor();
    for (const d of '25') await keypad(other.page).getByRole('button', { name: d, exact: true }).click();
    await settle(other.page);
    await pinSheetAboveKeypad(other.page);
    await shoot(other.page, 'wallet-20-usdt-withdraw-pin');
  });
});
