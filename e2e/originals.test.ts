import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey } from '../apps/server/src/modules/wallet/testing.ts';
import { browserAvailable, phone, shoot, startSite, type Site } from './harness.ts';
import { logIn, waitForPath } from './steps.ts';

/** House originals in Chromium on the real server: play dice, rotate the seeds, verify the round in the browser (issue 16). */

describe.runIf(browserAvailable())('house originals', () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });
  afterAll(async () => {
    await site?.close();
  });

  /** A member with money in the main wallet, through the sandbox deposit. */
  async function fundedMember(amount: number, siteId = 1) {
    const member = await site.server.member(siteId === 1 ? {} : { siteId });
    const headers: Record<string, string> = siteId === 1 ? {} : { 'x-site-id': String(siteId) };
    const types = (await site.server.call('/api/wallet/pay/types', {}, { token: member.token, headers })).data as Array<{ payTypeId: number; kind: string }>;
    const payTypeId = types.find((t) => t.kind === 'sandbox')!.payTypeId;
    const paid = await site.server.call('/api/wallet/pay/payVal', { payTypeId, amount }, { token: member.token, key: newKey(), headers });
    expect(paid.code, paid.msg).toBe(0);
    return member;
  }

  it('[S7-11] play dice, rotate the seeds, and see the round recomputed equal on the verification page; the round is in the game records', async () => {
    const member = await fundedMember(100);
    const { page } = await phone(site);
    await logIn(page, member.name, member.password);

    await page.goto('/app/originals');
    await page.getByTestId('og-dice').getByText('理论返还率 98.99%').waitFor();
    await shoot(page, 'originals-list');
    await page.getByTestId('og-dice').click();
    await waitForPath(page, '/app/originals/dice');
    const hash = page.getByTestId('og-hash');
    await expect.poll(() => hash.textContent()).toMatch(/^[0-9a-f]{64}$/);
    const shownHash = (await hash.textContent())!;
    await expect.poll(() => page.getByTestId('og-nonce').textContent()).toBe('0');

    await page.getByTestId('og-play').click();
    await expect.poll(() => page.getByTestId('og-result').textContent()).toMatch(/^\d+\.\d\d$/);
    const roll = Number(await page.getByTestId('og-result').textContent());
    await expect.poll(() => page.getByTestId('og-nonce').textContent()).toBe('1');
    await page.getByTestId('og-round').first().waitFor();
    await shoot(page, 'originals-dice-played');

    await page.getByTestId('og-rotate').click();
    await page.getByText('确定更换').click();
    const revealed = (await page.getByTestId('og-revealed').textContent())!;
    expect(createHash('sha256').update(revealed).digest('hex')).toBe(shownHash);
    await shoot(page, 'originals-dice-rotated');
    await page.getByText('我知道了').click();
    await expect.poll(() => page.getByTestId('og-nonce').textContent()).toBe('0');
    expect(await page.getByTestId('og-hash').textContent()).not.toBe(shownHash);

    await page.getByTestId('og-round-verify').first().click();
    await waitForPath(page, '/app/originals/verify');
    await expect.poll(() => page.getByTestId('og-v-result').textContent()).toBe(String(roll));
    expect(await page.getByTestId('og-v-hash').textContent()).toBe(shownHash);
    await shoot(page, 'originals-verify');

    // Picking the revealed seed by hand gives the same (the form keeps the round's nonce and target).
    await page.getByTestId('og-pick-seed').first().click();
    await page.getByTestId('og-v-compute').click();
    await expect.poll(() => page.getByTestId('og-v-result').textContent()).toBe(String(roll));

    // The records screen is another helper's (/app/casino/records); the round is checked through its call.
    // (The phone's login ended the registration's session: a fresh login reads them.)
    const token = (await site.server.call('/api/member/login/v3', { name: member.name, password: member.password })).data.token;
    const records = await site.server.call('/api/game/records', { api_name: 'ORIG' }, { token });
    expect(records.data.list[0]).toMatchObject({ api_name: 'ORIG', gameCode: 'dice', stake: 1, detail: { roll, nonce: 0, serverSeedHash: shownHash } });
  });

  it('[S1-02] [S1-03] each game page at 390 px on the USDT site and in other themes, with the ₮ symbol', async () => {
    const member = await fundedMember(50, 2);
    const { page } = await phone(site);
    await page.goto('/login?siteId=2&theme=site');
    await logIn(page, member.name, member.password);
    for (const game of ['dice', 'limbo', 'mines', 'plinko', 'keno']) {
      await page.goto(`/app/originals/${game}`);
      await page.getByTestId('og-play').waitFor();
      if (game !== 'mines') {
        await page.getByTestId('og-play').click();
        await page.getByTestId('og-round').first().waitFor();
      }
      await expect.poll(() => page.getByTestId('og-balance').textContent()).toContain('₮');
      await shoot(page, `originals-${game}-usdt`);
    }
    for (const series of ['fresh', 'glow']) {
      await page.goto(`/app/originals/plinko?theme=${series}`);
      await page.getByTestId('og-round').first().waitFor();
      await shoot(page, `originals-plinko-${series}`);
    }
  });
});
