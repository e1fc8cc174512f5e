import { Suspense, lazy, useEffect } from 'react';
import { App as AntApp, ConfigProvider, Spin } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { ApiError, session, whenSessionLost } from '../shared/api.ts';
import { LoginPage } from '../features/auth/LoginPage.tsx';
import { AuditPage } from '../features/audit/AuditPage.tsx';
import { WithdrawalsPage } from '../features/finance/WithdrawalsPage.tsx';
import { DepositsPage } from '../features/finance/DepositsPage.tsx';
import { AdjustmentsPage } from '../features/finance/AdjustmentsPage.tsx';
import { OperatorsPage } from '../features/operators/OperatorsPage.tsx';
import { MembersPage } from '../features/members/MembersPage.tsx';
import { MemberPage } from '../features/members/MemberPage.tsx';
import { FixturesPage } from '../features/sports/FixturesPage.tsx';
import { FixturePage } from '../features/sports/FixturePage.tsx';
import { VenuesPage } from '../features/venues/VenuesPage.tsx';
import { SITE_PAGES } from '../features/site/pages.tsx';
import { LIVE_PAGES } from '../features/live/pages.tsx';
import { PROMO_PAGES } from '../features/promo/pages.tsx';
import { AGENT_PAGES } from '../features/agents/pages.tsx';
import { RoundsPage } from '../features/casino/RoundsPage.tsx';
import { ConsoleLayout, firstPage } from './ConsoleLayout.tsx';
import { useMe } from '../shared/me.ts';
import { useReducedMotion } from '../shared/motion.ts';

dayjs.locale('zh-cn');

// The charts (ECharts) load with the dashboard alone.
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage.tsx').then((m) => ({ default: m.DashboardPage })));
const ReportsPage = lazy(() => import('../features/reports/ReportsPage.tsx').then((m) => ({ default: m.ReportsPage })));

const queryClient = new QueryClient({
  defaultOptions: {
    // A refusal is the answer: asking again would not change it.
    queries: { retry: (count, error) => !(error instanceof ApiError) && count < 2, refetchOnWindowFocus: false },
  },
});

/** The console's pages behind sign-in; the menu and the landing page follow the operator's permissions. */
function SignedIn() {
  const navigate = useNavigate();
  const { message } = AntApp.useApp();
  useEffect(() => {
    whenSessionLost((msg) => {
      queryClient.clear();
      message.warning(msg);
      navigate('/login', { replace: true });
    });
  }, [navigate, message]);
  const me = useMe().data;
  if (!session.token()) return <Navigate to="/login" replace />;
  return (
    <Routes>
      <Route element={<ConsoleLayout />}>
        <Route index element={me ? <Navigate to={firstPage(me.permissions)} replace /> : null} />
        <Route
          path="dashboard"
          element={
            <Suspense fallback={<Spin />}>
              <DashboardPage />
            </Suspense>
          }
        />
        <Route path="members" element={<MembersPage />} />
        <Route path="members/:memberId" element={<MemberPage />} />
        <Route path="finance/withdrawals" element={<WithdrawalsPage />} />
        <Route path="finance/deposits" element={<DepositsPage />} />
        <Route path="sports/fixtures" element={<FixturesPage />} />
        <Route path="sports/fixtures/:matchId" element={<FixturePage />} />
        <Route path="venues" element={<VenuesPage />} />
        {[...SITE_PAGES, ...LIVE_PAGES, ...PROMO_PAGES, ...AGENT_PAGES].map(({ path, element }) => (
          <Route key={path} path={path.slice(1)} element={element} />
        ))}
        <Route path="finance/adjustments" element={<AdjustmentsPage />} />
        <Route
          path="reports"
          element={
            <Suspense fallback={<Spin />}>
              <ReportsPage />
            </Suspense>
          }
        />
        <Route path="casino/rounds" element={<RoundsPage />} />
        <Route path="system/operators" element={<OperatorsPage />} />
        <Route path="system/audit" element={<AuditPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Route>
    </Routes>
  );
}

export function App() {
  // Asked for less motion, antd's dialogs, drawers, menus and messages appear at once.
  const motion = !useReducedMotion();
  return (
    <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }} theme={{ token: { colorPrimary: '#1f5fbf', borderRadius: 4, motion } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename="/admin">
            <Routes>
              <Route path="/login" element={<LoginPage />} />
              <Route path="/*" element={<SignedIn />} />
            </Routes>
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
