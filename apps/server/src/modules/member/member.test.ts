import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AVATAR_URL_PREFIX, Errors, shanghaiDay, tronAddress } from '@bp/contract';
import { bearer, startTestServer, type TestServer } from '../../test/harness.ts';
import { clock } from '../../platform/clock.ts';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());
afterEach(() => clock.reset());

const post = (url: string, payload: unknown, t = token) =>
  s.inject({ method: 'POST', url, payload: payload as object, headers: bearer(t) }).then((r) => ({ status: r.statusCode, body: r.json() }));
const info = async (t = token) => (await post('/api/member/info', {}, t)).body.data;
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
    await post('/api/member/realName', { realName: '王小明' });
    const bankCode = (await post('/api/wallet/bank/list', {})).body.data[0].bankCode;
    expect((await post('/api/wallet/bankCard/add', { bankCode, cardNum: '6222021234567890128' })).body.code).toBe(0);
    expect((await info()).bankCards).toEqual([{ cardId: expect.any(Number), bankName: expect.any(String), cardNum: `${'*'.repeat(15)}0128` }]);

    const usdt = await s.member({ siteId: 2 });
    const siteTwo = (url: string, payload: unknown) =>
      s.inject({ method: 'POST', url, payload: payload as object, headers: bearer(usdt.token, { 'x-site-id': '2' }) }).then((r) => r.json());
    const address = tronAddress(new Uint8Array(20).fill(9));
    expect((await siteTwo('/api/wallet/address/add', { network: 'TRC20', address })).code).toBe(0);
    const other = await siteTwo('/api/member/info', {});
    expect(other.data).toMatchObject({ currency: 'USDT', usdtAddresses: [{ addressId: expect.any(Number), network: 'TRC20', address }] });
  });
});

describe('profile changes', () => {
  beforeAll(async () => {
    token = (await s.member()).token;
  });

  it('changes the nickname: 2-12 characters, spaces folded; markup and SQL quotes refused, nothing changed', async () => {
    expect((await post('/api/member/nickname', { nickname: '  皇冠  玩家 ' })).body.data).toEqual({ nickname: '皇冠 玩家' });
    for (const nickname of ['a', '一二三四五六七八九十一二三', '<script>alert(1)</script>', "x'; DROP TABLE members;--", 'ab\u200bcd', '   ']) {
      expect((await post('/api/member/nickname', { nickname })).body.code).toBe(Errors.NICKNAME_INVALID.code);
    }
    expect((await post('/api/member/nickname', { nickname: 42 })).body.code).toBe(Errors.VALIDATION.code);
    expect((await post('/api/member/nickname', {})).body.code).toBe(Errors.VALIDATION.code);
    expect((await info()).nickname).toBe('皇冠 玩家');
    expect((await post('/api/member/nickname', { nickname: '好运来88' }, 'forged')).status).toBe(401);
  });

  it('picks an avatar from the bundled set, served as SVG', async () => {
    const list = (await post('/api/member/avatar/list', {})).body.data.list as Array<{ avatarId: string; url: string }>;
    expect(list.length).toBeGreaterThanOrEqual(12);
    const picked = list[5];
    expect((await post('/api/member/avatar', { avatarId: picked.avatarId })).body.data).toEqual(picked);
    expect(await info()).toMatchObject({ avatarId: picked.avatarId, avatar: picked.url });
    for (const avatarId of ['../../etc/passwd', 'a99', '<img>']) {
      expect((await post('/api/member/avatar', { avatarId })).body.code).toBe(Errors.AVATAR_INVALID.code);
    }
    const svg = await s.inject({ method: 'GET', url: picked.url });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).toMatch(/^<svg/);
    expect((await s.inject({ method: 'GET', url: `${AVATAR_URL_PREFIX}../migrations/0030_auth_security.sql` })).statusCode).not.toBe(200);
  });

  it('sets the address; SQL-looking text is stored inert, markup refused', async () => {
    const address = '广东省深圳市南山区科技园 1 OR 1=1; DROP TABLE members';
    expect((await post('/api/member/address', { address })).body.data).toEqual({ address });
    expect((await info()).address).toBe(address);
    for (const bad of ['深圳', '<b>上海市浦东新区</b>', 'x'.repeat(101)]) {
      expect((await post('/api/member/address', { address: bad })).body.code).toBe(Errors.ADDRESS_INVALID.code);
    }
    expect((await info()).address).toBe(address);
  });

  it('binds the real name once, by the seed rule', async () => {
    const m = await s.member();
    for (const realName of ['张', 'A B', '张三3', '<script>', '张  三']) {
      const res = await post('/api/member/realName', { realName }, m.token);
      expect(res.body.code).toBe(Errors.REAL_NAME_INVALID.code);
      expect(res.body.msg).toMatch(/[\u4e00-\u9fa5]/);
    }
    expect((await post('/api/member/realName', { realName: '阿卜杜拉·买买提' }, m.token)).body.data).toEqual({ realName: '阿卜杜拉·买买提' });
    expect((await post('/api/member/realName', { realName: '张三' }, m.token)).body.code).toBe(Errors.REAL_NAME_BOUND.code);
    expect((await info(m.token)).realName).toBe('阿卜杜拉·买买提');
    const latin = await s.member();
    expect((await post('/api/member/realName', { realName: 'John Smith' }, latin.token)).body.code).toBe(0);
  });

  it('sets the birthday once: a real day, at least 18 years ago', async () => {
    const m = await s.member();
    for (const birthday of ['1990-02-30', '1990/01/01', '19900101', '1899-12-31', yearsAgo(18, -1), 'abc']) {
      expect((await post('/api/member/birthday', { birthday }, m.token)).body.code).toBe(Errors.BIRTHDAY_INVALID.code);
    }
    const eighteenToday = yearsAgo(18);
    expect((await post('/api/member/birthday', { birthday: eighteenToday }, m.token)).body.data).toEqual({ birthday: eighteenToday });
    expect((await post('/api/member/birthday', { birthday: '1990-01-01' }, m.token)).body.code).toBe(Errors.BIRTHDAY_SET.code);
    expect((await info(m.token)).birthday).toBe(eighteenToday);
  });
});
