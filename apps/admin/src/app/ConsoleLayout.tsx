import type { ReactNode } from 'react';
import { Button, Layout, Menu, Space, Spin, Tag, Typography } from 'antd';
import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  BarChartOutlined,
  DashboardOutlined,
  EditOutlined,
  LogoutOutlined,
  PlaySquareOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { ROLE_LABELS, type Permission } from '@bp/contract';
import { call, session } from '../shared/api.ts';
import { useMe } from '../shared/me.ts';
import { SITE_PAGES } from '../features/site/pages.tsx';
import { LIVE_PAGES } from '../features/live/pages.tsx';
import { PROMO_PAGES } from '../features/promo/pages.tsx';
import { AGENT_PAGES } from '../features/agents/pages.tsx';

interface Page {
  path: string;
  label: string;
  icon: ReactNode;
  permission: Permission;
  group: string;
}

/** Every screen of the console, with the permission that shows it (the server checks each call again). */
const PAGES: Page[] = [
  { path: '/dashboard', label: '仪表盘', icon: <DashboardOutlined />, permission: 'dashboard.read', group: '概览' },
  { path: '/members', label: '会员管理', icon: <UserOutlined />, permission: 'member.read', group: '会员' },
  { path: '/finance/withdrawals', label: '提款审核', icon: <BankOutlined />, permission: 'finance.read', group: '财务' },
  { path: '/finance/deposits', label: '存款审核', icon: <WalletOutlined />, permission: 'finance.read', group: '财务' },
  { path: '/sports/fixtures', label: '赛事管理', icon: <TrophyOutlined />, permission: 'sports.read', group: '体育' },
  { path: '/venues', label: '游戏平台', icon: <AppstoreOutlined />, permission: 'venue.manage', group: '游戏' },
  ...SITE_PAGES,
  ...LIVE_PAGES,
  ...PROMO_PAGES,
  ...AGENT_PAGES,
  { path: '/finance/adjustments', label: '人工调整', icon: <EditOutlined />, permission: 'finance.adjust', group: '财务' },
  { path: '/reports', label: '报表', icon: <BarChartOutlined />, permission: 'report.read', group: '报表' },
  { path: '/casino/rounds', label: '游戏对局', icon: <PlaySquareOutlined />, permission: 'casino.read', group: '游戏' },
  { path: '/system/operators', label: '操作员', icon: <TeamOutlined />, permission: 'operator.manage', group: '系统' },
  { path: '/system/audit', label: '审计日志', icon: <AuditOutlined />, permission: 'audit.read', group: '系统' },
];

/** Where an operator lands: the first screen their roles show. */
export const firstPage = (permissions: string[]) => PAGES.find((p) => permissions.includes(p.permission))?.path ?? '/system/audit';

export function ConsoleLayout() {
  const { data: me, isLoading } = useMe();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  if (isLoading || !me) return <Spin fullscreen />;
  const pages = PAGES.filter((p) => me.permissions.includes(p.permission));
  const groups = [...new Set(pages.map((p) => p.group))];
  const logout = async () => {
    await call('/api/admin/auth/logout', {}).catch(() => undefined);
    session.clear();
    queryClient.clear();
    navigate('/login', { replace: true });
  };
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={208} theme="dark" style={{ position: 'sticky', top: 0, height: '100vh', overflow: 'auto' }}>
        <div style={{ color: '#fff', fontSize: 16, fontWeight: 600, padding: '18px 24px' }}>运营管理后台</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={[PAGES.find((p) => location.pathname.startsWith(p.path))?.path ?? location.pathname]}
          defaultOpenKeys={groups}
          onClick={({ key }) => navigate(key)}
          items={groups.map((group) => ({
            key: group,
            label: group,
            type: 'group',
            children: pages.filter((p) => p.group === group).map((p) => ({ key: p.path, icon: p.icon, label: p.label })),
          }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 24px',
            display: 'flex',
            justifyContent: 'flex-end',
            alignItems: 'center',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <Space size="middle">
            <Typography.Text strong>{me.name}</Typography.Text>
            <span>
              {me.roles.map((role) => (
                <Tag key={role} color="blue">
                  {ROLE_LABELS[role]}
                </Tag>
              ))}
            </span>
            <Button icon={<LogoutOutlined />} onClick={logout}>
              退出
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
