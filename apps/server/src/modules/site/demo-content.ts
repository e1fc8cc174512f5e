import type { ContentInput, ContentKind } from '@bp/contract';

/** Demo content of a fresh database: believable zh-CN pages for the CNY site (1) and the USDT site (2). */
const asset = (file: string) => `/assets/site/${file}`;
const DAY = 86_400_000;

interface SiteFlavour {
  siteId: number;
  brand: string;
  short: string;
  money: string;
  banners: Array<[title: string, link: string, position: string]>;
}

const FLAVOURS: SiteFlavour[] = [
  {
    siteId: 1,
    brand: '皇冠体育',
    short: 'hgty',
    money: '人民币',
    banners: [
      ['2026世界杯 冠军竞猜火热开启', '/app/sports', 'home'],
      ['新会员首存加赠100%', '/app/promotions/deposit', 'home'],
      ['VIP尊享 晋级礼金天天领', '/app/vip', 'home'],
      ['真人视讯 美女荷官在线发牌', '/app/tables', 'casino'],
    ],
  },
  {
    siteId: 2,
    brand: 'U盘体育',
    short: 'upty',
    money: 'USDT',
    banners: [
      ['USDT极速充提 秒到账', '/app/wallet', 'home'],
      ['首充USDT 返利最高888', '/app/promotions/deposit', 'home'],
      ['电竞联赛 滚球每日开赛', '/app/sports', 'home'],
      ['机甲电子 爆分时刻', '/app/egame', 'egames'],
    ],
  },
];

type Item = { [K in ContentKind]: { kind: K; input: ContentInput<K> } }[ContentKind];

export function demoContent(siteId: number, now: number): Item[] {
  const f = FLAVOURS.find((x) => x.siteId === siteId);
  if (!f) return [];
  const items: Item[] = [];
  f.banners.forEach(([title, link, position], i) =>
    items.push({ kind: 'banner', input: { title, link, position, image: asset(`banner-${siteId}-${i + 1}.svg`), sort: i + 1 } }),
  );
  const marquee = { pmdTimerStart: now - DAY, pmdTimerEnd: now + 365 * DAY };
  const notices: Array<ContentInput<'notice'>> = [
    {
      category: 1,
      title: '欢迎光临',
      content: `尊敬的会员您好，欢迎光临${f.brand}！每日超过3000场体育赛事，滚球、串关、冠军玩法应有尽有。`,
      ...marquee,
      sort: 1,
    },
    {
      category: 1,
      title: '防骗提醒',
      content: '温馨提示：官方客服不会以任何理由索要您的密码或验证码，充值请认准站内收款信息，谨防诈骗。',
      ...marquee,
      sort: 2,
    },
    {
      category: 2,
      title: '关于账户安全的重要提醒',
      content: `为保障您的资金安全，请尽快绑定手机号并设置提现密码。${f.money}提现仅支持本人名下的收款方式。`,
      sort: 1,
    },
    { category: 3, title: '【公告】世界杯赛程已上线', content: '2026世界杯全部赛程及冠军、小组出线等玩法已开放投注，欢迎会员参与。', sort: 1 },
    { category: 3, title: '【公告】存款通道维护完成', content: `${f.money}存款通道已完成升级维护，到账速度更快，如有疑问请联系在线客服。`, sort: 2 },
    { category: 3, title: '【公告】VIP晋级规则说明', content: 'VIP等级按累计有效投注计算，每月1日更新，晋级即可领取对应礼金。', sort: 3 },
  ];
  notices.forEach((input) => items.push({ kind: 'notice', input }));
  const nav: Array<[code: string, name: string, path: string, badge: string]> = [
    ['sports', '体育', '/app/sports', ''],
    ['live', '直播', '/app/live', '热门'],
    ['casino', '真人', '/app/tables', ''],
    ['egames', '电子', '/app/egame', ''],
    ['chess', '棋牌', '/app/chess', ''],
    ['fish', '捕鱼', '/app/fish', ''],
    ['promotions', '优惠', '/app/promotions', '新'],
  ];
  nav.forEach(([code, name, path, badge], i) =>
    items.push({ kind: 'navigation', input: { code, name, path, badge, icon: asset(`nav-${code}.svg`), sort: i + 1 } }),
  );
  const floats: Array<[code: string, name: string, link: string, position: 'left' | 'right']> = [
    ['cs', '在线客服', '/cs', 'right'],
    ['app', '下载APP', '/app/home#app-download', 'right'],
    ['sign', '签到有礼', '/app/promotions/sign', 'left'],
  ];
  floats.forEach(([code, name, link, position], i) =>
    items.push({ kind: 'float_icon', input: { code, name, link, position, icon: asset(`float-${code}.svg`), sort: i + 1 } }),
  );
  const channels: Array<ContentInput<'cs_channel'>> = [
    { kind: 'online', name: '在线客服', account: '7×24小时在线', url: `https://kefu.example.com/chat?site=${siteId}`, icon: asset('cs-online.svg'), sort: 1 },
    {
      kind: 'qq',
      name: 'QQ客服',
      account: `80008${siteId}888`,
      url: `https://wpa.qq.com/msgrd?v=3&uin=80008${siteId}888&site=qq&menu=yes`,
      icon: asset('cs-qq.svg'),
      sort: 2,
    },
    { kind: 'telegram', name: 'Telegram', account: `@${f.short}_kefu`, url: `https://t.me/${f.short}_kefu`, icon: asset('cs-telegram.svg'), sort: 3 },
    {
      kind: 'email',
      name: '客服邮箱',
      account: `service@${f.short}.example.com`,
      url: `mailto:service@${f.short}.example.com`,
      icon: asset('cs-email.svg'),
      sort: 4,
    },
  ];
  channels.forEach((input) => items.push({ kind: 'cs_channel', input }));
  return items;
}

export const demoLogo = (siteId: number) => asset(`logo-${siteId}.svg`);
