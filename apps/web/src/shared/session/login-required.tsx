import { Dialog } from 'antd-mobile';
import { useEffect, type ReactNode } from 'react';
import i18n from 'i18next';
import { session } from './session.ts';
import { useLoggedIn } from './use-session.ts';
import { currentUrl, navigateTo } from '../navigation.ts';

let showing = false;

/** The warm reminder (seed 4): 'please log in first', then to login (and back here after) or home. */
export function showLoginReminder(from: string = currentUrl()): void {
  if (showing) return;
  showing = true;
  Dialog.show({
    title: i18n.t('api.warmTips'),
    content: i18n.t('auth.loginFirst'),
    closeOnAction: true,
    actions: [
      [
        { key: 'home', text: i18n.t('common.goHome') },
        { key: 'login', text: i18n.t('auth.toLogin'), bold: true },
      ],
    ],
    onAction: (action) => navigateTo(action.key === 'login' ? `/login?fromPage=${encodeURIComponent(from)}` : '/app/home', { replace: true }),
    afterClose: () => {
      showing = false;
    },
  });
}

/** A member page: a visitor arriving here meets the warm reminder instead of the page. */
export function RequireMember({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  useEffect(() => {
    // Only on arrival: a session lost while here is handled by the session-loss alert.
    if (!session.isLoggedIn()) showLoginReminder();
  }, []);
  return loggedIn ? <>{children}</> : <div className="bp-page" />;
}
