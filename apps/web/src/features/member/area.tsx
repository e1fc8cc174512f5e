import { UserOutline } from 'antd-mobile-icons';
import type { Area, RouteHandle } from '../../shared/routing/areas.ts';
import { memberPage } from '../../shared/session/login-required.tsx';

const titled = (title: string): RouteHandle => ({ title });

/** The personal centre at /app/member and its pages. */
export const memberArea: Area = {
  name: 'member',
  tab: { key: 'member', path: '/app/member', title: 'tabs.member', icon: <UserOutline />, order: 90 },
  routes: [
    { path: 'member', handle: titled('member.title'), lazy: async () => ({ Component: (await import('./PersonalCentrePage.tsx')).PersonalCentrePage }) },
    { path: 'member/profile', handle: titled('member.menu.profile'), lazy: memberPage(async () => (await import('./ProfilePage.tsx')).ProfilePage) },
    { path: 'member/phone', handle: titled('member.menu.phone'), lazy: memberPage(async () => (await import('./BindContactPage.tsx')).BindPhonePage) },
    { path: 'member/email', handle: titled('member.menu.email'), lazy: memberPage(async () => (await import('./BindContactPage.tsx')).BindEmailPage) },
    {
      path: 'member/password',
      handle: titled('member.menu.password'),
      lazy: memberPage(async () => (await import('./ChangePasswordPage.tsx')).ChangePasswordPage),
    },
    { path: 'member/messages', handle: titled('member.menu.messages'), lazy: memberPage(async () => (await import('./MessagesPage.tsx')).MessagesPage) },
    { path: 'member/messages/:id', handle: titled('member.menu.messages'), lazy: memberPage(async () => (await import('./MessagesPage.tsx')).MessagePage) },
    { path: 'member/help', handle: titled('member.menu.help'), lazy: async () => ({ Component: (await import('./HelpPage.tsx')).HelpPage }) },
    { path: 'member/help/:id', handle: titled('member.menu.help'), lazy: async () => ({ Component: (await import('./HelpPage.tsx')).HelpArticlePage }) },
    { path: 'member/agent', handle: titled('member.menu.agent'), lazy: memberPage(async () => (await import('./AgentPage.tsx')).AgentPage) },
    {
      path: 'member/logout-setup',
      handle: titled('member.menu.logoutSetup'),
      lazy: memberPage(async () => (await import('./LogoutSetupPage.tsx')).LogoutSetupPage),
    },
    { path: 'member/theme', handle: titled('member.menu.theme'), lazy: async () => ({ Component: (await import('./ThemePage.tsx')).ThemePage }) },
  ],
};
