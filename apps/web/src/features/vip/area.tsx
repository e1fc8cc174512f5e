import type { ComponentType } from 'react';
import type { Area } from '../../shared/routing/areas.ts';
import { RequireMember } from '../../shared/session/login-required.tsx';

/** A VIP screen: loaded on first visit with its words, for members only (a visitor meets the warm reminder). */
const vipPage = (load: () => Promise<ComponentType>) => async () => {
  const [Page] = await Promise.all([load(), import('./locale.ts')]);
  return {
    element: (
      <RequireMember>
        <Page />
      </RequireMember>
    ),
  };
};

/** The VIP page at /app/vip, with rebate, the welfare centre, points and the birthday bonus beneath; the personal centre's menu leads here. */
export const vipArea: Area = {
  name: 'vip',
  routes: [
    { path: 'vip', handle: { title: 'vipPages.vip' }, lazy: vipPage(async () => (await import('./VipPage.tsx')).VipPage) },
    { path: 'vip/fanshui', handle: { title: 'vipPages.fanshui' }, lazy: vipPage(async () => (await import('./FanshuiPage.tsx')).FanshuiPage) },
    { path: 'vip/points', handle: { title: 'vipPages.points' }, lazy: vipPage(async () => (await import('./PointsPage.tsx')).PointsPage) },
    { path: 'vip/birthday', handle: { title: 'vipPages.birthday' }, lazy: vipPage(async () => (await import('./BirthdayPage.tsx')).BirthdayPage) },
    { path: 'vip/welfare', handle: { title: 'vipPages.welfare' }, lazy: vipPage(async () => (await import('./WelfarePage.tsx')).WelfarePage) },
  ],
};
