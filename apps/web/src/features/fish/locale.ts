import { addLocale, type Locale } from '../../shared/i18n/index.ts';

/** 捕鱼's words. Loaded with its screen. */
export const fishLocale: Locale = {
  zh: {
    fish: {
      title: '海王捕鱼',
      payTable: '赔率表',
      bet: '炮值',
      less: '降低炮值',
      more: '提高炮值',
      lastWin: '上次收获',
      hint: '点击鱼发射炮弹，每发消耗一次炮值；捕获即得 炮值 × 倍数',
      closed: '维护中，请稍后再来',
      rule: '每发炮弹消耗炮值；捕获概率 = {{rtp}}% ÷ 倍数，捕获派彩 = 炮值 × 倍数，理论返还率 {{rtp}}%。',
      chance: '捕获率 {{p}}%',
      names: { clown: '小丑鱼', puffer: '河豚', lantern: '灯笼鱼', turtle: '海龟', ray: '魔鬼鱼', shark: '大白鲨', dragon: '黄金龙' },
    },
  },
  en: {
    fish: {
      title: 'Ocean King',
      payTable: 'Pay table',
      bet: 'Bet',
      less: 'Lower the bet',
      more: 'Raise the bet',
      lastWin: 'Last catch',
      hint: 'Tap a fish to fire; each shot costs the bet, a catch pays bet × multiplier',
      closed: 'Under maintenance, please come back later',
      rule: 'Each shot costs the bet; it catches with probability {{rtp}}% ÷ multiplier and pays bet × multiplier: RTP {{rtp}}%.',
      chance: 'Catch {{p}}%',
      names: { clown: 'Clownfish', puffer: 'Puffer', lantern: 'Lanternfish', turtle: 'Turtle', ray: 'Manta ray', shark: 'Shark', dragon: 'Golden dragon' },
    },
  },
};

addLocale(fishLocale);
