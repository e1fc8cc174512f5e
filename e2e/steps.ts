import type { Page } from 'playwright-core';
import { phone, type Site } from './harness.ts';

/** Steps the journeys share, written as a member would act: by visible text and roles. */

/**
 * Closes the once-a-day pop-up announcements, if the home page shows any. They open when the
 * announcements arrive, which on a busy machine came after a fixed wait had given up: the list of
 * announcements, made from the same answer, is waited for first.
 */
export async function dismissPopups(page: Page): Promise<void> {
  await page.locator('.bp-announcements li').first().waitFor({ state: 'visible', timeout: 15_000 });
  const button = page.getByRole('button', { name: '我知道了' });
  for (let i = 0; i < 3; i++) {
    try {
      await button.first().waitFor({ state: 'visible', timeout: i === 0 ? 2_500 : 800 });
    } catch {
      return;
    }
    await settle(page);
    await button.first().click();
    await button
      .first()
      .waitFor({ state: 'detached', timeout: 3_000 })
      .catch(() => undefined);
  }
}

/** Lets a dialog finish its opening animation: antd-mobile re-renders it until the spring rests. */
export const settle = (page: Page) => page.waitForTimeout(600);

/** The text of the open dialog (antd-mobile's Dialog), once one shows. */
export async function dialogText(page: Page): Promise<string> {
  const dialog = page.locator('.adm-dialog-body').last();
  await dialog.waitFor({ state: 'visible' });
  await settle(page);
  return dialog.innerText();
}

/** Waits until the page at `pathname` (a path, or a pattern of path and query) is on screen, not only in the URL. */
export async function waitForPath(page: Page, pathname: string | RegExp): Promise<void> {
  await page.waitForURL((url) => (typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname + url.search)), { timeout: 15_000 });
  // The URL changes before the page is drawn: within the app, the page before may still be on screen (Root.tsx useShownPath).
  const [path, source, flags] = typeof pathname === 'string' ? [pathname, null, ''] : [null, pathname.source, pathname.flags];
  await page.waitForFunction(
    ([path, source, flags]) => {
      // Not marked: a page outside the site's app (the sandbox venue's game), or the app not started yet.
      const shown = document.documentElement.dataset.shownPath;
      if (shown === undefined) return true;
      return path !== null ? shown.split('?')[0] === path : new RegExp(source!, flags).test(shown);
    },
    [path, source, flags] as const,
    { timeout: 15_000 },
  );
}

/**
 * Resolves once the page's member channel is subscribed: the server's `sub.ok` for `user:...`.
 * Call it before the navigation that opens the socket.
 */
export function memberChannelOpen(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const text = String(payload);
        if (text.includes('"sub.ok"') && text.includes('"ch":"user:')) resolve();
      }),
    );
  });
}

/**
 * Logs in through the login screen: the one open (opened for a site, `/login?siteId=2`), else a new
 * one. Opened again at once, the first one's code might not have run yet (it starts once the
 * splash's logo is on screen), and the site it was opened for would be forgotten.
 */
export async function logIn(page: Page, name: string, password: string): Promise<void> {
  if (new URL(page.url()).pathname !== '/login') await page.goto('/login');
  await page.getByPlaceholder('请输入用户名').fill(name);
  await page.getByPlaceholder('请输入密码').fill(password);
  await page
    .getByRole('button', { name: '登 录' })
    .or(page.getByRole('button', { name: '登录' }))
    .first()
    .click();
  await waitForPath(page, '/app/home');
  await dismissPopups(page);
}

/**
 * A match's card on a sports board, scrolled to as a member would: the board makes its cards as the
 * member scrolls toward them (only those near the screen are in the page).
 */
export async function boardCard(page: Page, matchId: number) {
  const card = page.locator(`[data-match="${matchId}"]`);
  await page.locator('.bp-sp-card').first().waitFor();
  for (let i = 0; i < 40 && (await card.count()) === 0; i++) {
    const more = page.locator('.bp-sp-more');
    if ((await more.count()) === 0) break;
    await more.scrollIntoViewIfNeeded();
    await page.waitForTimeout(50);
  }
  return card;
}

/** A new member of the site, logged in on a fresh phone. */
export async function memberOnPhone(site: Site, opts?: { siteId?: number }) {
  const member = await site.server.member(opts);
  const { page } = await phone(site);
  await logIn(page, member.name, member.password);
  return { member, page };
}

/** Opens a page from the personal centre's menu, as a member would. */
export async function openFromMenu(page: Page, label: string, pathname: string): Promise<void> {
  await page.goto('/app/member');
  await page.getByText(label, { exact: true }).click();
  await waitForPath(page, pathname);
}

/**
 * Pulls the list down with a finger, from near its top edge (the page scrolled to its top), as a
 * member does to read it again: touch events through the browser's input, as a phone sends them.
 */
export async function pullDown(page: Page, selector: string): Promise<void> {
  const box = (await page.locator(selector).first().boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + 12;
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', dy: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y: y + dy }] });
  await touch('touchStart', 0);
  for (let dy = 20; dy <= 240; dy += 20) await touch('touchMove', dy);
  await touch('touchEnd', 240);
  await cdp.detach();
}
