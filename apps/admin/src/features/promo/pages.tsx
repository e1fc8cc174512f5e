import { CrownOutlined, GiftOutlined } from '@ant-design/icons';
import { ActivitiesPage } from './ActivitiesPage.tsx';
import { VipGradesPage } from './VipGradesPage.tsx';

/** The promotion screens, for the console's menu and router. */
export const PROMO_PAGES = [
  { path: '/promo/activities', label: '活动管理', icon: <GiftOutlined />, permission: 'promo.manage', group: '活动', element: <ActivitiesPage /> },
  { path: '/promo/vip', label: 'VIP等级', icon: <CrownOutlined />, permission: 'promo.manage', group: '活动', element: <VipGradesPage /> },
] as const;
