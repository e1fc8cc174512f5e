import { useSyncExternalStore } from 'react';
import type { MemberInfo } from '@bp/contract';
import { session } from './session.ts';

export const useLoggedIn = (): boolean => useSyncExternalStore(session.subscribe, () => session.isLoggedIn());

/** Whether the member must change the password before using the member pages. */
export const useMustChangePassword = (): boolean => useSyncExternalStore(session.subscribe, () => session.flags().mustChangePassword);

let cachedUserText: string | null = null;
let cachedUser: MemberInfo | null = null;
/** The stored member info, stable between renders while it does not change. */
function userSnapshot(): MemberInfo | null {
  const user = session.user();
  const text = user ? JSON.stringify(user) : null;
  if (text !== cachedUserText) {
    cachedUserText = text;
    cachedUser = user;
  }
  return cachedUser;
}
export const useStoredUser = (): MemberInfo | null => useSyncExternalStore(session.subscribe, userSnapshot);
