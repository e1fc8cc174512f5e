import { ApartmentOutlined, AccountBookOutlined } from '@ant-design/icons';
import { AgentsPage } from './AgentsPage.tsx';
import { AgentCommission } from './AgentCommission.tsx';

/** The agent screens, for the console's menu and router. */
export const AGENT_PAGES = [
  { path: '/agents', label: '代理申请', icon: <ApartmentOutlined />, permission: 'agent.manage', group: '代理', element: <AgentsPage /> },
  { path: '/agent-commission', label: '佣金报表', icon: <AccountBookOutlined />, permission: 'agent.manage', group: '代理', element: <AgentCommission /> },
] as const;
