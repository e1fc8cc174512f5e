import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { Errors } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { caller, expectLedgerSound, newKey } from '../wallet/testing.ts';
import { SandboxVenue } from '../venue/index.ts';
import { setVenueStatus } from '../venue/testing.ts';
import { offerVenues } from './testing.ts';
import { outcomeOf, payoutOf, RETURN_TO_PLAYER, ROLLS } from './slot.ts';

let s: TestServer;
let w: ReturnType<typeof caller>;
beforeAll(async () => {
  s = await startTestServer();
  w = caller(s);
});
afterAll(async () => {
  await expectLedgerSound(s);
  await s.close();
});

const launch = (token: string, body: object, key = newKey()) => w.move('/api/game/venue/launch', body, token, key);
const ticketOf = (url: string) => new URL(url, 'http://x').searchParams.get('ticket')!;
/** One round of the sandbox slot, under a fresh Idempotency-Key unless one is given. */
const spin = (ticket: string, stake: number, key = newKey()) => s.call('/api/game/sandbox/spin', { ticket, stake }, { key });
const venueBalance = (memberId: number) => new SandboxVenue(s.deps.db, 'PG').balance(memberId);

describe('venue launch', () => {
  it('[S3-02] launches a game with venueEnName and gameId; the sandbox page opens with its rollbackAddress', async () => {
    const m = await s.member();
    const res = await launch(m.token, { venueEnName: 'PG', gameId: 'pg-lucky-neko', rollbackAddress: '/app/egame/pg', isUseCache: false });
    expect(res.code, res.msg).toBe(0);
    expect(res.data.url).toMatch(/^\/sandbox\/game\?ticket=[a-f0-9]{48}$/);
    expect(res.data.transferred).toBe(0);
    const page = await s.inject({ method: 'GET', url: res.data.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("call('spin'");
    expect(page.headers['content-security-policy']).toContain("script-src 'nonce-");
    const info = await s.call('/api/game/sandbox/ticket', { ticket: ticketOf(res.data.url) });
    expect(info.data).toEqual({
      gameName: '招财喵',
      venueName: 'PG电子',
      balance: 0,
      currency: 'CNY',
      demo: false,
      rollbackAddress: '/app/egame/pg',
      rtp: 0.96,
    });
  });

  it('[S3-02] resetDpDomain answers the URL on the request’s domain; isUseCache reuses a launch of the last minute', async () => {
    const m = await s.member();
    const a = await launch(m.token, { venueEnName: 'PG', gameId: 'pg-ice-rush', resetDpDomain: true });
    expect(a.data.url).toMatch(/^http:\/\/localhost(:\d+)?\/sandbox\/game\?ticket=/);
    const b = await launch(m.token, { venueEnName: 'PG', gameId: 'pg-ice-rush', isUseCache: true });
    expect(ticketOf(b.data.url)).toBe(ticketOf(a.data.url));
    const c = await launch(m.token, { venueEnName: 'PG', gameId: 'pg-ice-rush', isUseCache: false });
    expect(ticketOf(c.data.url)).not.toBe(ticketOf(a.data.url));
  });

  it('[S7-07] the launch cache keeps a launch 60 s, and never an AG venue’s', async () => {
    const m = await s.member();
    const first = await launch(m.token, { venueEnName: 'PG', gameId: 'pg-ice-rush' });
    await s.deps.db.execute(sql`UPDATE casino_tickets SET created_at = created_at - interval '59 seconds' WHERE ticket = ${ticketOf(first.data.url)}`);
    const within = await launch(m.token, { venueEnName: 'PG', gameId: 'pg-ice-rush', isUseCache: true });
    expect(ticketOf(within.data.url)).toBe(ticketOf(first.data.url));
    await s.deps.db.execute(sql`UPDATE casino_tickets SET created_at = created_at - interval '2 seconds' WHERE member_id = ${m.memberId}`);
    const later = await launch(m.token, { venueEnName: 'PG', gameId: 'pg-ice-rush', isUseCache: true });
    expect(ticketOf(later.data.url)).not.toBe(ticketOf(first.data.url));

    await offerVenues(s.deps.db, 'AG');
    const ag = await launch(m.token, { venueEnName: 'AG' });
    expect(ag.code, ag.msg).toBe(0);
    const again = await launch(m.token, { venueEnName: 'AG', isUseCache: true });
    expect(ticketOf(again.data.url)).not.toBe(ticketOf(ag.data.url));
  });

  it('[S7-11] with auto-transfer on, moves the main balance into the venue once per launch', async () => {
    const m = await s.member();
    await w.fund(m.token, 500);
    await s.call('/api/wallet/autoTransfer/set', { status: true }, { token: m.token });
    const key = newKey();
    const first = await launch(m.token, { venueEnName: 'PG', gameId: 'pg-mahjong-ways' }, key);
    expect(first.data.transferred).toBe(500);
    const again = await launch(m.token, { venueEnName: 'PG', gameId: 'pg-mahjong-ways' }, key);
    expect(again.data).toEqual(first.data);
    const balance = await w.balance(m.token);
    expect(balance.main).toBe(0);
    expect(balance.venues.find((v: { api_name: string }) => v.api_name === 'PG').balance).toBe(500);
    expect(await venueBalance(m.memberId)).toBe(50_000n);

    await w.fund(m.token, 20);
    const next = await launch(m.token, { venueEnName: 'PG' });
    expect(next.data.transferred).toBe(20);
    expect(await venueBalance(m.memberId)).toBe(52_000n);
  });

  it('[S3-02] refuses a closed, unknown or unplayable venue, a game of another venue, a foreign rollback, and visitors; nothing moves', async () => {
    const m = await s.member();
    await w.fund(m.token, 100);
    await s.call('/api/wallet/autoTransfer/set', { status: true }, { token: m.token });
    expect((await launch(m.token, { venueEnName: 'XX' })).code).toBe(Errors.GAME_VENUE_UNKNOWN.code);
    // BBIN真人: a venue with nothing to play yet is not launched, for a member or a visitor.
    const unplayable = await launch(m.token, { venueEnName: 'BBIN' });
    expect(unplayable).toMatchObject({ code: Errors.GAME_VENUE_NOT_OFFERED.code, msg: '该游戏平台暂未开放' });
    expect((await s.call('/api/game/venue/demoLaunch', { venueEnName: 'BBIN', gameId: 'pg-ice-rush' })).code).toBe(Errors.GAME_VENUE_NOT_OFFERED.code);
    expect((await launch(m.token, { venueEnName: 'AG', gameId: 'pg-ice-rush' })).code).toBe(Errors.GAME_NOT_FOUND.code);
    expect((await launch(m.token, { venueEnName: 'PG', rollbackAddress: 'https://evil.example/' })).code).toBe(Errors.GAME_ROLLBACK_INVALID.code);
    expect((await launch(m.token, { venueEnName: 'PG', rollbackAddress: '//evil.example/' })).code).toBe(Errors.GAME_ROLLBACK_INVALID.code);
    await setVenueStatus(s.deps.db, 'PG', 1);
    try {
      const closed = await launch(m.token, { venueEnName: 'PG' });
      expect(closed.code).toBe(Errors.GAME_VENUE_CLOSED.code);
      expect(closed.msg).toBe('该游戏平台维护中，请稍后再试');
    } finally {
      await setVenueStatus(s.deps.db, 'PG', 0);
    }
    expect((await w.balance(m.token)).main).toBe(100);
    expect((await s.call('/api/game/venue/launch', { venueEnName: 'PG' }, { key: newKey() })).status).toBe(401);
    expect((await s.call('/api/game/venue/launch', { venueEnName: 'PG' }, { token: m.token })).code).toBe(Errors.IDEMPOTENCY_KEY_REQUIRED.code);
  });
});

describe('the sandbox slot', () => {
  it('pays back its stated return to player over every roll', () => {
    let paid = 0n;
    for (let roll = 0; roll < ROLLS; roll++) paid += payoutOf(100n, outcomeOf(roll));
    expect(Number(paid) / (ROLLS * 100)).toBe(RETURN_TO_PLAYER);
    expect(RETURN_TO_PLAYER).toBe(0.96);
    const losing = outcomeOf(ROLLS - 1);
    expect(losing.tenths).toBe(0);
    expect(losing.symbols[0]).not.toBe(losing.symbols[1]);
  });

  it('[S7-11] a spin settles at the member’s venue wallet, never above it, and the ledger stays sound after recovery', async () => {
    const m = await s.member();
    await w.fund(m.token, 50);
    await w.move('/api/wallet/transfer', { api_name: 'PG', amount: 50, transfer_out: false }, m.token);
    const { data } = await launch(m.token, { venueEnName: 'PG', gameId: 'pg-candy-burst' });
    const ticket = ticketOf(data.url);

    const over = await spin(ticket, 50.01);
    expect(over.code).toBe(Errors.GAME_STAKE_ABOVE_BALANCE.code);
    const r = await spin(ticket, 10);
    expect(r.code, r.msg).toBe(0);
    expect(r.data.win).toBe(10 * r.data.multiplier);
    expect(r.data.balance).toBe(40 + r.data.win);
    expect(await venueBalance(m.memberId)).toBe(BigInt(Math.round(r.data.balance * 100)));

    const recovered = await w.move('/api/wallet/recover', {}, m.token);
    expect(recovered.data.main).toBe(r.data.balance);
    await expectLedgerSound(s);
  });

  it('[hardening] a game ticket dies with the session that made it: no spin after a logout or a login elsewhere, nor a cached launch', async () => {
    const m = await s.member();
    await w.fund(m.token, 50);
    await w.move('/api/wallet/transfer', { api_name: 'PG', amount: 50, transfer_out: false }, m.token);
    const first = ticketOf((await launch(m.token, { venueEnName: 'PG', gameId: 'pg-candy-burst' })).data.url);
    expect((await spin(first, 1)).code).toBe(0);
    // A login elsewhere ends the session: its ticket with it, though hours of the ticket remain.
    const token = await w.login(m);
    expect(await spin(first, 1)).toMatchObject({ code: Errors.GAME_TICKET_EXPIRED.code, msg: Errors.GAME_TICKET_EXPIRED.msg });
    expect((await s.call('/api/game/sandbox/ticket', { ticket: first })).code).toBe(Errors.GAME_TICKET_EXPIRED.code);
    // The new session does not reuse the dead ticket from the launch cache.
    const second = ticketOf((await launch(token, { venueEnName: 'PG', gameId: 'pg-candy-burst', isUseCache: true })).data.url);
    expect(second).not.toBe(first);
    expect((await spin(second, 1)).code).toBe(0);
    expect((await s.call('/api/member/logout', {}, { token })).code).toBe(0);
    expect((await spin(second, 1)).code).toBe(Errors.GAME_TICKET_EXPIRED.code);
  });

  it('[S7-11] concurrent spins over one venue balance: each stake is covered when taken, and the balance is exactly what the accepted spins say', async () => {
    const m = await s.member();
    await w.fund(m.token, 20);
    expect((await w.move('/api/wallet/transfer', { api_name: 'PG', amount: 20, transfer_out: false }, m.token)).code).toBe(0);
    const ticket = ticketOf((await launch(m.token, { venueEnName: 'PG', gameId: 'pg-candy-burst' })).data.url);

    const spins = await Promise.all(Array.from({ length: 12 }, () => spin(ticket, 8)));
    const accepted = spins.filter((r) => r.code === 0);
    for (const r of spins) if (r.code !== 0) expect(r.code).toBe(Errors.GAME_STAKE_ABOVE_BALANCE.code);
    // Two stakes fit in 20.00 before any win: at least two ran, and never more than the wins paid for.
    expect(accepted.length).toBeGreaterThanOrEqual(2);
    const expected = 2000 + accepted.reduce((sum, r) => sum + Math.round(r.data.win * 100) - 800, 0);
    expect(await venueBalance(m.memberId)).toBe(BigInt(expected));
    expect(expected).toBeGreaterThanOrEqual(0);
    await w.move('/api/wallet/recover', {}, m.token);
    await expectLedgerSound(s);
  });

  it('[S7-11] a round is played once per Idempotency-Key: a repeat or a concurrent twin answers the first round', async () => {
    const m = await s.member();
    await w.fund(m.token, 30);
    await w.move('/api/wallet/transfer', { api_name: 'PG', amount: 30, transfer_out: false }, m.token);
    const ticket = ticketOf((await launch(m.token, { venueEnName: 'PG', gameId: 'pg-candy-burst' })).data.url);

    const unnamed = await s.call('/api/game/sandbox/spin', { ticket, stake: 5 });
    expect(unnamed.code).toBe(Errors.IDEMPOTENCY_KEY_REQUIRED.code);
    expect(await venueBalance(m.memberId)).toBe(3000n);

    const key = newKey();
    const twins = await Promise.all(Array.from({ length: 5 }, () => spin(ticket, 5, key)));
    for (const r of twins) expect(r.data, r.msg).toEqual(twins[0].data);
    expect((await spin(ticket, 5, key)).data).toEqual(twins[0].data);
    expect(await venueBalance(m.memberId)).toBe(3000n - 500n + BigInt(Math.round(twins[0].data.win * 100)));
    expect((await spin(ticket, 6, key)).code).toBe(Errors.IDEMPOTENCY_MISMATCH.code);

    // A round refused (stake above the balance) leaves its key unused: the retry is judged afresh.
    const short = newKey();
    expect((await spin(ticket, 500, short)).code).toBe(Errors.GAME_STAKE_ABOVE_BALANCE.code);
    expect((await spin(ticket, 1, short)).code).toBe(0);
    await w.move('/api/wallet/recover', {}, m.token);
    await expectLedgerSound(s);
  });

  it('[S3-18] answers the ticket’s currency for the page’s money: a USDT member’s in USDT, a visitor’s demo in that of the site they came from', async () => {
    const usdt = { 'x-site-id': '2' };
    const u = await s.member({ siteId: 2 });
    const launched = await s.call('/api/game/venue/launch', { venueEnName: 'PG', gameId: 'pg-ice-rush' }, { token: u.token, key: newKey(), headers: usdt });
    expect(launched.code, launched.msg).toBe(0);
    // Asked without the site's header, a member's ticket still answers its member's currency.
    expect((await s.call('/api/game/sandbox/ticket', { ticket: ticketOf(launched.data.url) })).data.currency).toBe('USDT');
    const demo = ticketOf((await s.call('/api/game/venue/demoLaunch', { venueEnName: 'PG', gameId: 'pg-ice-rush' }, { headers: usdt })).data.url);
    expect((await s.call('/api/game/sandbox/ticket', { ticket: demo }, { headers: usdt })).data.currency).toBe('USDT');
    expect((await s.call('/api/game/sandbox/ticket', { ticket: demo })).data.currency).toBe('CNY');
  });

  it('[S7-11] a visitor’s demo plays on play money only', async () => {
    const demo = await s.call('/api/game/venue/demoLaunch', { venueEnName: 'PG', gameId: 'pg-fortune-pig' });
    expect(demo.code, demo.msg).toBe(0);
    const ticket = ticketOf(demo.data.url);
    const info = await s.call('/api/game/sandbox/ticket', { ticket });
    expect(info.data).toMatchObject({ gameName: '金猪报财', demo: true, balance: 2000 });
    const r = await spin(ticket, 100);
    expect(r.data).toMatchObject({ demo: true, balance: 1900 + r.data.win });
    expect((await spin(ticket, 5000)).code).toBe(Errors.GAME_STAKE_ABOVE_BALANCE.code);
    expect((await s.call('/api/game/venue/demoLaunch', { venueEnName: 'PG' })).code).toBe(Errors.GAME_NOT_FOUND.code);
    expect((await spin('a'.repeat(48), 1)).code).toBe(Errors.GAME_TICKET_EXPIRED.code);
    expect((await spin(ticket, 1.001)).code).not.toBe(0);
  });
});
