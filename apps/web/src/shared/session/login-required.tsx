import { useEffect, type ComponentType, type ReactNode } from 'react';
import i18n from 'i18next';
import { session } from './session.ts';
import { Navigate, useLocation } from 'react-router-dom';
import { useLoggedIn, useMustChangePassword } from './use-session.ts';
import { currentUrl, navigateTo } from '../navigation.ts';
import { overlays } from '../ui/overlays.ts';

let showing = false;

/**
 * The warm reminder (seed 4): 'please log in first', then to login (and to `from` after) or home.
 * Asked from a page a visitor may stay on (`stay`), the other way is to cancel and stay.
 */
export function showLoginReminder(from: string = currentUrl(), { stay = false } = {}): void {
  if (showing) return;
  showing = true;
  const login = `/login?fromPage=${encodeURIComponent(from)}`;
  void overlays().then(({ Dialog }) =>
    Dialog.show({
      title: i18n.t('api.warmTips'),
      content: i18n.t('auth.loginFirst'),
      closeOnAction: true,
      actions: [
        [
          stay ? { key: 'stay', text: i18n.t('common.cancel') } : { key: 'home', text: i18n.t('common.goHome') },
          { key: 'login', text: i18n.t('auth.toLogin'), bold: true },
        ],
      ],
      onAction: (action) => {
        if (action.key === 'login') navigateTo(login, { replace: !stay });
        else if (action.key === 'home') navigateTo('/app/home', { replace: true });
      },
      afterClose: () => {
        showing = false;
      },
    }),
  );
}

/** Where a member who must change the password is held until it is changed. */
export const CHANGE_PASSWORD_PATH = '/app/member/password';

/**
 * A member page: a visitor arriving here meets the warm reminder instead of the page; a member
 * who must change the password (the operator asked for it) is taken to do so first.
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const loggedIn = useLoggedIn();
  const mustChange = useMustChangePassword();
  const { pathname } = useLocation();
  useEffect(() => {
    // Only on arrival: a session lost while here is handled by the session-loss alert.
    if (!session.isLoggedIn()) showLoginReminder();
  }, []);
  if (!loggedIn) return <div className="bp-page" />;
  if (mustChange && pathname !== CHANGE_PASSWORD_PATH) return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  return <>{children}</>;
}

/**
 * A route's `lazy`: the page's code, and what it needs beside it (its feature's words), loaded on
 * first visit; behind RequireMember when the page is a member's.
 */
export const lazyPage =
  (load: () => Promise<ComponentType>, { members = false, beside = [] }: { members?: boolean; beside?: Array<() => Promise<unknown>> } = {}) =>
  async () => {
    const [Page] = await Promise.all([load(), ...beside.map((more) => more())]);
    return {
      element: members ? (
        <RequireMember>
          <Page />
        </RequireMember>
      ) : (
        <Page />
      ),
    };
  };

/** A route's `lazy` for a member page: the page's code loaded on first visit, behind RequireMember. */
export const memberPage = (load: () => Promise<ComponentType>) => lazyPage(load, { members: true });
