import { useEffect, useLayoutEffect } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { usePerInfo, siteInfoApi } from '../shared/site/site-info.ts';
import { VerifyDialogHost } from '../features/auth/verify/VerifyDialogHost.tsx';
import { apiEvents } from '../shared/api/events.ts';
import { startTimeSync } from '../shared/time/server-time.ts';
import { onMemberFrame, startMemberSocket } from '../shared/realtime/member-socket.ts';
import { local } from '../shared/storage/local.ts';
import { checkMustChangePassword } from '../shared/session/member-info.ts';
import { useLoggedIn } from '../shared/session/use-session.ts';
import { BALANCE_KEY } from '../shared/wallet/balance.ts';
import { ThemeController } from '../shared/theme/theme-state.tsx';
import { TitleSync } from './TitleSync.tsx';
import { LANGUAGE_KEY, applyLanguageFlag } from '../shared/i18n/index.ts';

/** Frames of the member's channel, and the queries each makes stale. */
const MEMBER_FRAME_READS = [
  ['wallet.balance', BALANCE_KEY],
  ['message.new', ['member', 'messages']],
] as const;

/**
 * The page on screen, on the document (`data-shown-path`: its path and query). A navigation's URL
 * changes before its page is drawn (the router's update is a transition, held while the page's
 * code or first data is on the way, the page before still showing): the browser journeys wait for
 * the page itself (e2e/steps.ts waitForPath), not only for its URL.
 */
function useShownPath(): void {
  const { pathname, search } = useLocation();
  useLayoutEffect(() => {
    document.documentElement.dataset.shownPath = pathname + search;
  }, [pathname, search]);
}

/**
 * What every page shares: theme, title, language, server time, the member's channel, the
 * verification dialog, and the scroll: a page opened starts at its top, back returns to where the
 * member was on the page before (React Router's restoration, kept per history entry).
 */
export function Root() {
  const queryClient = useQueryClient();
  const { data } = usePerInfo();
  const loggedIn = useLoggedIn();
  useShownPath();
  useEffect(() => applyLanguageFlag(data?.englishEnabled ?? false, local.get(LANGUAGE_KEY)), [data?.englishEnabled]);
  useEffect(() => startTimeSync(siteInfoApi.time), []);
  useEffect(() => startMemberSocket(), []);
  // Once per visit with a session: the operator may have asked for a new password since the login.
  useEffect(() => {
    if (loggedIn) checkMustChangePassword().catch(() => undefined);
  }, [loggedIn]);
  // HTTP 401 is a logout event (seed 8): nothing the member saw stays cached.
  useEffect(() => apiEvents.on('logout', () => queryClient.removeQueries({ queryKey: ['member'] })), [queryClient]);
  // The member's channel says what changed: the wallet's money, a new message. What shows it is read again.
  useEffect(() => {
    const stops = MEMBER_FRAME_READS.map(([type, queryKey]) => onMemberFrame(type, () => void queryClient.invalidateQueries({ queryKey })));
    return () => stops.forEach((stop) => stop());
  }, [queryClient]);
  return (
    <>
      <ThemeController />
      <TitleSync />
      <Outlet />
      <ScrollRestoration />
      <VerifyDialogHost />
    </>
  );
}
