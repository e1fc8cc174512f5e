import { CrownOutlined, GiftOutlined, QuestionCircleOutlined, SolutionOutlined, TrophyOutlined } from '@ant-design/icons';
import { ActivitiesPage } from './ActivitiesPage.tsx';
import { VipGradesPage } from './VipGradesPage.tsx';
import { QuizBankPage } from './QuizBankPage.tsx';
import { ExpertsPage } from './ExpertsPage.tsx';
import { SponsorsPage } from './SponsorsPage.tsx';

/** The promotion screens, for the console's menu and router. */
export const PROMO_PAGES = [
  { path: '/promo/activities', label: '活动管理', icon: <GiftOutlined />, permission: 'promo.manage', group: '活动', element: <ActivitiesPage /> },
  { path: '/promo/quiz', label: '答题题库', icon: <QuestionCircleOutlined />, permission: 'promo.manage', group: '活动', element: <QuizBankPage /> },
  { path: '/promo/experts', label: '专家推荐', icon: <SolutionOutlined />, permission: 'promo.manage', group: '活动', element: <ExpertsPage /> },
  { path: '/promo/sponsors', label: '赞助伙伴', icon: <TrophyOutlined />, permission: 'promo.manage', group: '活动', element: <SponsorsPage /> },
  { path: '/promo/vip', label: 'VIP等级', icon: <CrownOutlined />, permission: 'promo.manage', group: '活动', element: <VipGradesPage /> },
] as const;
