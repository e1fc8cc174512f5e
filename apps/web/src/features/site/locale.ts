import { addLocale, type Locale } from '../../shared/i18n/index.ts';

export const siteLocale: Locale = {
  zh: {
    site: { slogan: '亚洲信赖的体育娱乐平台' },
    status: { contactCs: '联系在线客服', ip: '您的IP', country: '所在地区' },
    maintenance: {
      title: '系统维护中',
      body: '为了给您带来更好的体验，我们正在进行系统升级维护，请稍后再来。',
      start: '开始时间',
      end: '预计结束',
      recheck: '重新检测',
      still: '系统仍在维护中，请稍后再试',
    },
    accessAlert: {
      title: '访问提示',
      body: '您当前所在的网络或地区访问受到限制，如有疑问请联系客服。',
      tryAgain: '返回首页',
    },
    restriction: {
      title: '访问受限',
      body: '很抱歉，您所在的地区或网络暂时无法访问本站，如有疑问请联系在线客服。',
      bodyWithCode: '很抱歉，您所在的地区或网络暂时无法访问本站。请将下方限制代码提供给客服，我们将尽快为您处理。',
      code: '限制代码',
      liftedTitle: '访问正常',
      lifted: '您当前的网络可以正常访问本站，无需处理。',
    },
    cs: {
      title: '在线客服',
      heading: '7×24小时 贴心服务',
      subheading: '专业客服团队全天候为您解答',
      hours: '服务时间：{{hours}}',
      open: '立即咨询',
      copied: '{{name}}账号已复制',
    },
  },
  en: {
    site: { slogan: 'Asia’s trusted sports and entertainment site' },
    status: { contactCs: 'Contact support', ip: 'Your IP', country: 'Region' },
    maintenance: {
      title: 'Under maintenance',
      body: 'We are upgrading the system to serve you better. Please come back later.',
      start: 'Started',
      end: 'Expected end',
      recheck: 'Check again',
      still: 'Still under maintenance, please try later',
    },
    accessAlert: {
      title: 'Access notice',
      body: 'Access from your network or region is limited. Contact support if you have questions.',
      tryAgain: 'Back to home',
    },
    restriction: {
      title: 'Access restricted',
      body: 'Sorry, this site is not available from your region or network. Contact support if you have questions.',
      bodyWithCode: 'Sorry, this site is not available from your region or network. Give the code below to support and we will help you.',
      code: 'Restriction code',
      liftedTitle: 'Access is open',
      lifted: 'Your network can reach this site: nothing to do.',
    },
    cs: {
      title: 'Customer service',
      heading: 'At your service 24/7',
      subheading: 'Our support team answers around the clock',
      hours: 'Hours: {{hours}}',
      open: 'Chat now',
      copied: '{{name}} account copied',
    },
  },
};

addLocale(siteLocale);
