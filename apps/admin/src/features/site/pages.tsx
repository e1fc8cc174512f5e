import {
  AppstoreOutlined,
  BgColorsOutlined,
  CustomerServiceOutlined,
  MailOutlined,
  NotificationOutlined,
  PictureOutlined,
  PushpinOutlined,
  QuestionCircleOutlined,
  SafetyOutlined,
  SettingOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import { NoticesPage } from './NoticesPage.tsx';
import { BannersPage } from './BannersPage.tsx';
import { ConfigPage } from './ConfigPage.tsx';
import { MaintenancePage } from './MaintenancePage.tsx';
import { MessagesPage } from './MessagesPage.tsx';
import { NavigationPage } from './NavigationPage.tsx';
import { FloatIconsPage } from './FloatIconsPage.tsx';
import { CsChannelsPage } from './CsChannelsPage.tsx';
import { HelpPage } from './HelpPage.tsx';
import { AccessRulesPage } from './AccessRulesPage.tsx';
import { AppearancePage } from './AppearancePage.tsx';

/** The site screens, for the console's menu and router. */
export const SITE_PAGES = [
  { path: '/site/notices', label: '公告管理', icon: <NotificationOutlined />, permission: 'site.manage', group: '站点', element: <NoticesPage /> },
  { path: '/site/banners', label: '轮播图', icon: <PictureOutlined />, permission: 'site.manage', group: '站点', element: <BannersPage /> },
  { path: '/site/navigation', label: '导航入口', icon: <AppstoreOutlined />, permission: 'site.manage', group: '站点', element: <NavigationPage /> },
  { path: '/site/float-icons', label: '浮动图标', icon: <PushpinOutlined />, permission: 'site.manage', group: '站点', element: <FloatIconsPage /> },
  { path: '/site/cs-channels', label: '客服渠道', icon: <CustomerServiceOutlined />, permission: 'site.manage', group: '站点', element: <CsChannelsPage /> },
  { path: '/site/help', label: '帮助中心', icon: <QuestionCircleOutlined />, permission: 'site.manage', group: '站点', element: <HelpPage /> },
  { path: '/site/config', label: '站点配置', icon: <SettingOutlined />, permission: 'site.manage', group: '站点', element: <ConfigPage /> },
  { path: '/site/appearance', label: '外观', icon: <BgColorsOutlined />, permission: 'site.manage', group: '站点', element: <AppearancePage /> },
  { path: '/site/maintenance', label: '站点维护', icon: <ToolOutlined />, permission: 'site.manage', group: '站点', element: <MaintenancePage /> },
  { path: '/site/access', label: '访问规则', icon: <SafetyOutlined />, permission: 'site.access', group: '站点', element: <AccessRulesPage /> },
  { path: '/site/messages', label: '站内信', icon: <MailOutlined />, permission: 'message.send', group: '站点', element: <MessagesPage /> },
] as const;
