import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Errors, type Frame, type MessageItem } from '@bp/contract';
import { startTestServer, type TestServer } from '../../test/harness.ts';
import { operatorCall } from '../admin/testing.ts';
import { setMemberTags } from '../auth/index.ts';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const send = (payload: object) => operatorCall(s, '/api/admin/message/send', payload);
const titles = (list: MessageItem[]) => list.map((m) => m.title);

describe('member messages', () => {
  it('[S7-14] lists the site’s and the member’s own messages, newest first, with the welcome; another member’s stay theirs', async () => {
    const a = await s.member();
    const b = await s.member();
    const usdt = await s.member({ siteId: 2 });
    expect((await send({ siteId: 1, memberId: a.memberId, title: '给A的消息', content: '只有A能看到' })).code).toBe(0);
    expect((await send({ siteId: 1, title: '全站公告', content: '每位会员都能看到' })).code).toBe(0);

    const listA = (await s.call('/api/member/message/list', {}, { token: a.token })).data;
    expect(titles(listA.list)).toEqual(['全站公告', '给A的消息', '欢迎加入，祝您游戏愉快']);
    expect(listA).toMatchObject({ total: 3, unread: 3 });
    expect(titles((await s.call('/api/member/message/list', {}, { token: b.token })).data.list)).toEqual(['全站公告', '欢迎加入，祝您游戏愉快']);
    expect(titles((await s.call('/api/member/message/list', {}, { token: usdt.token, headers: { 'x-site-id': '2' } })).data.list)).toEqual([
      '欢迎加入，祝您游戏愉快',
    ]);

    // B cannot open, read, pin or delete A's message: the same answer as one that does not exist.
    const mine = listA.list[1].id;
    for (const [url, body] of [
      ['/api/member/message/get', { id: mine }],
      ['/api/member/message/read', { ids: [mine] }],
      ['/api/member/message/sticky', { id: mine, sticky: true }],
      ['/api/member/message/delete', { ids: [mine] }],
      ['/api/member/message/get', { id: 987654 }],
    ] as const) {
      expect((await s.call(url, body, { token: b.token })).code, url).toBe(Errors.MESSAGE_NOT_FOUND.code);
    }
    expect((await s.call('/api/member/message/unread', {}, { token: a.token })).data).toEqual({ unread: 3 });
  });

  it('[S7-14] opens and reads, pins to the top, deletes; a read or pin of the site’s message is this member’s alone', async () => {
    const a = await s.member();
    const b = await s.member();
    const { id } = (await send({ siteId: 1, title: '活动通知', content: '周末加赠' })).data;
    const opened = await s.call('/api/member/message/get', { id }, { token: a.token });
    expect(opened.data).toMatchObject({ id, title: '活动通知', content: '周末加赠', read: true, sticky: false });
    const unreadA = (await s.call('/api/member/message/unread', {}, { token: a.token })).data.unread;
    expect((await s.call('/api/member/message/unread', {}, { token: b.token })).data.unread).toBe(unreadA + 1);

    const welcome = (await s.call('/api/member/message/list', {}, { token: a.token })).data.list.find((m: MessageItem) => m.title.startsWith('欢迎'));
    expect((await s.call('/api/member/message/sticky', { id: welcome.id, sticky: true }, { token: a.token })).data).toMatchObject({
      id: welcome.id,
      sticky: true,
    });
    const pinned = (await s.call('/api/member/message/list', {}, { token: a.token })).data.list as MessageItem[];
    expect(pinned[0]).toMatchObject({ id: welcome.id, sticky: true });
    expect(titles((await s.call('/api/member/message/list', {}, { token: b.token })).data.list)[0]).toBe('活动通知');

    expect((await s.call('/api/member/message/read', {}, { token: a.token })).data).toEqual({ unread: 0 });
    expect((await s.call('/api/member/message/delete', { ids: [id, id] }, { token: a.token })).code).toBe(0);
    const after = (await s.call('/api/member/message/list', {}, { token: a.token })).data;
    expect(after.list.map((m: MessageItem) => m.id)).not.toContain(id);
    expect((await s.call('/api/member/message/get', { id }, { token: a.token })).code).toBe(Errors.MESSAGE_NOT_FOUND.code);
    expect((await s.call('/api/member/message/get', { id }, { token: b.token })).data.read).toBe(true);
  });

  it('[S7-14] a message to one member is told at once on their channel', async () => {
    const a = await s.member();
    const frames: Frame[] = [];
    const stop = s.deps.bus.onFrame((f) => frames.push(f));
    try {
      const { id } = (await send({ siteId: 1, memberId: a.memberId, title: '新消息', content: '内容' })).data;
      await expect
        .poll(() => frames.find((f) => f.ch === `user:${a.memberId}`))
        .toEqual({ ch: `user:${a.memberId}`, type: 'message.new', data: { id, title: '新消息' } });
    } finally {
      stop();
    }
  });

  it('refuses bad input and a missing or wrong operator token, changing nothing', async () => {
    const a = await s.member();
    for (const [url, body] of [
      ['/api/member/message/list', { page: 0 }],
      ['/api/member/message/list', { size: 51 }],
      ['/api/member/message/get', { id: 'x' }],
      ['/api/member/message/get', { id: -1 }],
      ['/api/member/message/read', { ids: [] }],
      ['/api/member/message/delete', {}],
      ['/api/member/message/delete', { ids: Array.from({ length: 101 }, (_, i) => i + 1) }],
      ['/api/member/message/sticky', { id: 1 }],
    ] as const) {
      expect((await s.call(url, body, { token: a.token })).code, `${url} ${JSON.stringify(body)}`).toBe(Errors.VALIDATION.code);
    }
    expect((await s.call('/api/member/message/list', {})).status).toBe(401);
    const before = (await s.call('/api/member/message/list', {}, { token: a.token })).data.total;
    const forged = { headers: { authorization: 'Bearer not-an-operator-session' } };
    expect((await s.call('/api/admin/message/send', { siteId: 1, title: '伪造', content: '伪造' }, forged)).code).toBe(Errors.OPERATOR_AUTH.code);
    expect((await s.call('/api/admin/message/send', { siteId: 1, title: '伪造', content: '伪造' })).code).toBe(Errors.OPERATOR_AUTH.code);
    expect((await send({ siteId: 1, title: '', content: '空标题' })).code).toBe(Errors.VALIDATION.code);
    expect((await send({ siteId: 99, title: '无此站点', content: '无' })).code).toBe(Errors.SITE_NOT_FOUND.code);
    expect((await send({ siteId: 2, memberId: a.memberId, title: '站点不符', content: '无' })).code).toBe(Errors.MEMBER_NOT_FOUND.code);
    expect((await s.call('/api/member/message/list', {}, { token: a.token })).data.total).toBe(before);
    // Text is stored and answered as given: markup is the screen's to escape, never run.
    const { id } = (await send({ siteId: 1, memberId: a.memberId, title: '<script>x</script>', content: "'; DROP TABLE members; --" })).data;
    expect((await s.call('/api/member/message/get', { id }, { token: a.token })).data).toMatchObject({
      title: '<script>x</script>',
      content: "'; DROP TABLE members; --",
    });
  });

  it('[admin] reach each member of a site holding a tag, and no one else', async () => {
    const tagged = [await s.member(), await s.member()];
    const other = await s.member();
    const elsewhere = await s.member({ siteId: 2 });
    for (const m of [...tagged, elsewhere]) await setMemberTags(s.deps.db, m.memberId, ['no_level_bonus']);
    const sent = await send({ siteId: 1, tag: 'no_level_bonus', title: '等级礼金说明', content: '您的账户暂不参与等级礼金' });
    expect(sent.code, sent.msg).toBe(0);
    expect(sent.data.sent).toBe(2);
    const titlesOf = async (token: string, siteId?: number) =>
      titles((await s.call('/api/member/message/list', {}, { token, headers: siteId ? { 'x-site-id': String(siteId) } : {} })).data.list);
    for (const m of tagged) expect(await titlesOf(m.token)).toContain('等级礼金说明');
    expect(await titlesOf(other.token)).not.toContain('等级礼金说明');
    expect(await titlesOf(elsewhere.token, 2)).not.toContain('等级礼金说明');
    // One member and a tag at once is refused; a tag no one holds reaches no one, and says so.
    expect((await send({ siteId: 1, memberId: other.memberId, tag: 'no_level_bonus', title: '两者', content: '无' })).code).toBe(Errors.VALIDATION.code);
    expect((await send({ siteId: 2, tag: 'activity_blacklist', title: '无人', content: '无' })).code).toBe(Errors.MEMBER_NOT_FOUND.code);
    expect((await send({ siteId: 1, tag: 'vip', title: '未知标签', content: '无' })).code).toBe(Errors.VALIDATION.code);
  });
});
