import { addLocale, type Locale } from '../../shared/i18n/index.ts';

export const homeLocale: Locale = {
  zh: {
    home: {
      notices: '平台公告',
      more: '更多',
      gotIt: '我知道了',
      downloadTitle: '随时随地 畅享{{name}}',
      downloadBody: '手机扫码即可打开，添加到主屏幕后与APP体验一致，无需下载安装。',
      downloadStep1: '使用手机相机或浏览器扫描二维码',
      downloadStep2: '在浏览器菜单中选择“添加到主屏幕”',
      scan: '扫码访问',
      liveNow: '滚球进行中',
      worldCup: '世界杯',
      wallet: {
        main: '中心钱包',
        refresh: '刷新余额',
        deposit: '充值',
        visitor: '您还未登录',
        visitorWhy: '登录后查看余额，随时充值',
      },
    },
  },
  en: {
    home: {
      notices: 'Announcements',
      more: 'More',
      gotIt: 'Got it',
      downloadTitle: '{{name}} wherever you are',
      downloadBody: 'Scan to open the site on your phone; add it to the home screen and it works like an app, nothing to install.',
      downloadStep1: 'Scan the code with your phone’s camera or browser',
      downloadStep2: 'Choose “Add to Home Screen” in the browser menu',
      scan: 'Scan to open',
      liveNow: 'In play now',
      worldCup: 'World Cup',
      wallet: {
        main: 'Main wallet',
        refresh: 'Refresh balance',
        deposit: 'Deposit',
        visitor: 'You are not logged in',
        visitorWhy: 'Log in to see your balance and deposit',
      },
    },
  },
};

addLocale(homeLocale);
