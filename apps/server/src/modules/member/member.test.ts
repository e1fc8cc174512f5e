import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_URL_PREFIX, Errors, shanghaiDay, tronAddress } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
afterEach(() => clock.reset());

const info = async (t = token) => (await s.call('/api/member/info', {}, { token: t })).data;
const yearsAgo = (years: number, days = 0) => {
  const today = shanghaiDay(clock.now() - days * 86_400_000);
  return `${Number(today.slice(0, 4)) - years}${today.slice(4)}`;
};

describe('member info', () => {
  it('[S3-06] answers grade, avatar, nickname, address, bank cards (cardNum masked) and virtual-currency addresses', async () => {
    const m = await s.member({ name: 'profile01' });
    token = m.token;
    expect(await info()).toMatchObject({
      memberId: m.memberId,
      name: 'profile01',
      nickname: 'profile01',
      grade: '普通会员',
      vipLevel: 0,
      avatar: `${AVATAR_URL_PREFIX}a01.svg`,
      avatarId: 'a01',
      address: null,
      realName: null,
      birthday: null,
      inviteCode: expect.stringMatching(/^[0-9A-F]{10}$/),
      mustChangePassword: false,
      phoneBound: false,
      currency: 'CNY',
    });
    expect((await info()).bankCards).toEqual([]);
    await s.call('/api/member/realName', { realName: '王小明' }, { token });
    const bankCode = (await s.call('/api/wallet/bank/list', {}, { token })).data[0].bankCode;
    expect((await s.call('/api/wallet/bankCard/add', { bankCode, cardNum: '6222021234567890128' }, { token })).code).toBe(0);
    expect((await info()).bankCards).toEqual([{ cardId: expect.any(Number), bankName: expect.any(String), cardNum: `${'*'.repeat(15)}0128` }]);

    const usdt = await s.member({ siteId: 2 });
    const address = tronAddress(new Uint8Array(20).fill(9));
    expect((await s.call('/api/wallet/address/add', { network: 'TRC20', address }, { token: usdt.token, headers: { 'x-site-id': '2' } })).code).toBe(0);
    const other = await s.call('/api/member/info', {}, { token: usdt.token, headers: { 'x-site-id': '2' } });
    expect(other.data).toMatchObject({ currency: 'USDT', usdtAddresses: [{ addressId: expect.any(Number), network: 'TRC20', address }] });
  });
});

describe('profile changes', () => {
  beforeAll(async () => {
    token = (await s.member()).token;
  });

  it('changes the nickname: 2-12 characters, spaces folded; markup and SQL quotes refused, nothing changed', async () => {
    expect((await s.call('/api/member/nickname', { nickname: '  皇冠  玩家 ' }, { token })).data).toEqual({ nickname: '皇冠 玩家' });
    for (const nickname of ['a', '一二三四五六七八九十一二三', '<script>alert(1)</script>', "x'; DROP TABLE members;--", 'ab\u200bcd', '   ']) {
      expect((await s.call('/api/member/nickname', { nickname }, { token })).code).toBe(Errors.NICKNAME_INVALID.code);
    }
    expect((await s.call('/api/member/nickname', { nickname: 42 }, { token })).code).toBe(Errors.VALIDATION.code);
    expect((await s.call('/api/member/nickname', {}, { token })).code).toBe(Errors.VALIDATION.code);
    expect((await info()).nickname).toBe('皇冠 玩家');
    expect((await s.call('/api/member/nickname', { nickname: '好运来88' }, { token: 'forged' })).status).toBe(401);
  });

  it('picks an avatar from the bundled set, served as SVG', async () => {
    const list = (await s.call('/api/member/avatar/list', {}, { token })).data.list as Array<{ avatarId: string; url: string }>;
    expect(list.length).toBeGreaterThanOrEqual(12);
    const picked = list[5];
    expect((await s.call('/api/member/avatar', { avatarId: picked.avatarId }, { token })).data).toEqual(picked);
    expect(await info()).toMatchObject({ avatarId: picked.avatarId, avatar: picked.url });
    for (const avatarId of ['../../etc/passwd', 'a99', '<img>']) {
      expect((await s.call('/api/member/avatar', { avatarId }, { token })).code).toBe(Errors.AVATAR_INVALID.code);
    }
    const svg = await s.inject({ method: 'GET', url: picked.url });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toMatch(/^<svg/);
    expect((await s.inject({ method: 'GET', url: `${AVATAR_URL_PREFIX}../migrations/0030_auth_security.sql` })).statusCode).not.toBe(200);
  });

  it('sets the address; SQL-looking text is stored inert, markup refused', async () => {
    const address = '广东省深圳市南山区科技园 1 OR 1=1; DROP TABLE members';
    expect((await s.call('/api/member/address', { address }, { token })).data).toEqual({ address });
    expect((await info()).address).toBe(address);
    for (const bad of ['深圳', '<b>上海市浦东新区</b>', 'x'.repeat(101)]) {
      expect((await s.call('/api/member/address', { address: bad }, { token })).code).toBe(Errors.ADDRESS_INVALID.code);
    }
    expect((await info()).address).toBe(address);
  });

  it('binds the real name once, by the seed rule', async () => {
    const m = await s.member();
    for (const realName of ['张', 'A B', '张三3', '<script>', '张  三']) {
      const res = await s.call('/api/member/realName', { realName }, { token: m.token });
      expect(res.code).toBe(Errors.REAL_NAME_INVALID.code);
      expect(res.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await s.call('/api/member/realName', { realName: '阿卜杜拉·买买提' }, { token: m.token })).data).toEqual({ realName: '阿卜杜拉·买买提' });
    expect((await s.call('/api/member/realName', { realName: '张三' }, { token: m.token })).code).toBe(Errors.REAL_NAME_BOUND.code);
    expect((await info(m.token)).realName).toBe('阿卜杜拉·买买提');
    const latin = await s.member();
    expect((await s.call('/api/member/realName', { realName: 'John Smith' }, { token: latin.token })).code).toBe(0);
  });

  it('sets the birthday once: a real day, at least 18 years ago', async () => {
    const m = await s.member();
    for (const birthday of ['1990-02-30', '1990/01/01', '19900101', '1899-12-31', yearsAgo(18, -1), 'abc']) {
      expect((await s.call('/api/member/birthday', { birthday }, { token: m.token })).code).toBe(Errors.BIRTHDAY_INVALID.code);
    }
    const eighteenToday = yearsAgo(18);
    expect((await s.call('/api/member/birthday', { birthday: eighteenToday }, { token: m.token })).data).toEqual({ birthday: eighteenToday });
    expect((await s.call('/api/member/birthday', { birthday: '1990-01-01' }, { token: m.token })).code).toBe(Errors.BIRTHDAY_SET.code);
    expect((await info(m.token)).birthday).toBe(eighteenToday);
  });
});
