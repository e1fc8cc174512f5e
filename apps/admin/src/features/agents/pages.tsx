import { ApartmentOutlined } from '@ant-design/icons';
import { AgentsPage } from './AgentsPage.tsx';

/** The agent screens, for the console's menu and router. */
export const AGENT_PAGES = [
  { path: '/agents', label: '代理申请', icon: <ApartmentOutlined />, permission: 'agent.manage', group: '代理', element: <AgentsPage /> },
] as const;
