import type { ComponentType } from 'react';
import { GiftOutline } from 'antd-mobile-icons';
import type { Area } from '../../shared/routing/areas.ts';
import { lazyPage } from '../../shared/session/login-required.tsx';

/** A promotions screen, loaded on first visit with its words; an activity's own page is for members. */
const promoPage = (load: () => Promise<ComponentType>, members = true) => lazyPage(load, { members, beside: [() => import('./locale.ts')] });

/** The 优惠 tab at /app/promotions: activities by category, each with its page (home's banners and sign-in icon lead here). */
export const promoArea: Area = {
  name: 'promotions',
  tab: { key: 'promotions', path: '/app/promotions', title: 'tabs.promo', icon: <GiftOutline />, order: 50 },
  routes: [
    { path: 'promotions', handle: { title: 'promoPages.list' }, lazy: promoPage(async () => (await import('./PromotionsPage.tsx')).PromotionsPage, false) },
    { path: 'promotions/sign', handle: { title: 'promoPages.sign' }, lazy: promoPage(async () => (await import('./SignPage.tsx')).SignPage) },
    { path: 'promotions/wheel', handle: { title: 'promoPages.wheel' }, lazy: promoPage(async () => (await import('./WheelPage.tsx')).WheelPage) },
    { path: 'promotions/lottery', handle: { title: 'promoPages.lottery' }, lazy: promoPage(async () => (await import('./LotteryPage.tsx')).LotteryPage) },
    {
      path: 'promotions/deposit',
      handle: { title: 'promoPages.deposit' },
      lazy: promoPage(async () => (await import('./DepositBonusPage.tsx')).DepositBonusPage),
    },
    { path: 'promotions/invite', handle: { title: 'promoPages.invite' }, lazy: promoPage(async () => (await import('./InvitePage.tsx')).InvitePage) },
    { path: 'promotions/guess', handle: { title: 'promoPages.guess' }, lazy: promoPage(async () => (await import('./GuessPage.tsx')).GuessPage) },
    { path: 'promotions/barrier', handle: { title: 'promoPages.barrier' }, lazy: promoPage(async () => (await import('./BarrierPage.tsx')).BarrierPage) },
    {
      path: 'promotions/soccer-lottery',
      handle: { title: 'promoPages.soccerLottery' },
      lazy: promoPage(async () => (await import('./SoccerLotteryPage.tsx')).SoccerLotteryPage),
    },
    { path: 'promotions/quiz', handle: { title: 'promoPages.quiz' }, lazy: promoPage(async () => (await import('./QuizPage.tsx')).QuizPage) },
    {
      path: 'promotions/sponsors',
      handle: { title: 'promoPages.sponsors' },
      lazy: promoPage(async () => (await import('./SponsorsPage.tsx')).SponsorsPage, false),
    },
    {
      path: 'promotions/experts',
      handle: { title: 'promoPages.experts' },
      lazy: promoPage(async () => (await import('./ExpertsPage.tsx')).ExpertsPage, false),
    },
    {
      path: 'promotions/experts/:expertId',
      handle: { title: 'promoPages.expert' },
      lazy: promoPage(async () => (await import('./ExpertsPage.tsx')).ExpertPage, false),
    },
    { path: 'promotions/novice', handle: { title: 'promoPages.novice' }, lazy: promoPage(async () => (await import('./NovicePage.tsx')).NovicePage) },
  ],
};
