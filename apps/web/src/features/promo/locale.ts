import { addLocale, type Locale } from '../../shared/i18n/index.ts';

/** The promotions screens' words; loaded with those screens (a lazy chunk). */
export const promoLocale: Locale = {
  zh: {
    promo: {
      categories: { all: '全部', daily: '日常', deposit: '存款' },
      status: { upcoming: '即将开始', open: '进行中', ended: '已结束' },
      window: '{{from}} 至 {{to}}',
      join: '立即参与',
      empty: '暂无活动',
      rules: '活动规则',
      records: '我的记录',
      noRecords: '暂无记录',
      receive: '领取',
      received: '已领取 {{amount}}，已存入中心钱包',
      recordStatus: { pending: '待领取', received: '已领取', expired: '已过期', none: '未中奖' },
      sign: {
        streak: '已连续签到',
        days: '{{n}} 天',
        today: '今日签到',
        signed: '今日已签到',
        day: '第{{n}}天',
        milestone: '里程碑',
        month: '本月已签到 {{n}} 天',
        won: '签到成功，获得 {{prize}}',
      },
      wheel: {
        left: '今日剩余 {{n}} 次',
        spin: '抽奖',
        won: '恭喜获得 {{prize}}',
        none: '谢谢参与，下次好运',
        stock: '剩余 {{n}}',
      },
      deposit: {
        tier: '第{{nth}}笔存款',
        match: '赠送 {{percent}}%',
        cap: '最高 {{amount}}',
        min: '单笔至少 {{amount}}',
        multiple: '{{multiple}} 倍流水',
        go: '去存款',
        welfare: '去福利中心领取',
      },
    },
  },
  en: {
    promo: {
      categories: { all: 'All', daily: 'Daily', deposit: 'Deposit' },
      status: { upcoming: 'Upcoming', open: 'On now', ended: 'Ended' },
      window: '{{from}} to {{to}}',
      join: 'Join',
      empty: 'No promotions',
      rules: 'Rules',
      records: 'My records',
      noRecords: 'No records yet',
      receive: 'Receive',
      received: '{{amount}} received into your main wallet',
      recordStatus: { pending: 'To receive', received: 'Received', expired: 'Expired', none: 'No prize' },
      sign: {
        streak: 'Days in a row',
        days: '{{n}} days',
        today: 'Sign in today',
        signed: 'Signed in today',
        day: 'Day {{n}}',
        milestone: 'Milestone',
        month: '{{n}} days signed this month',
        won: 'Signed in: {{prize}}',
      },
      wheel: {
        left: '{{n}} draws left today',
        spin: 'Spin',
        won: 'You won {{prize}}',
        none: 'No prize this time',
        stock: '{{n}} left',
      },
      deposit: {
        tier: 'Deposit no. {{nth}}',
        match: '{{percent}}% match',
        cap: 'up to {{amount}}',
        min: 'At least {{amount}} a deposit',
        multiple: '{{multiple}}x turnover',
        go: 'Deposit',
        welfare: 'Receive in Rewards',
      },
    },
  },
};

addLocale(promoLocale);
