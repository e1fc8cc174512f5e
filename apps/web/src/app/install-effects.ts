import i18n from 'i18next';
import { installEffects } from '../shared/api/effects.ts';
import { currentPath, navigateTo } from '../shared/navigation.ts';
import { requestVerification } from '../features/auth/verify/verify-store.ts';
import { showLoginReminder } from '../shared/session/login-required.tsx';
import { overlays } from '../shared/ui/overlays.ts';

/** The screen side of the common request path: antd-mobile toasts and alerts (loaded when first shown), the router. */
export function installScreenEffects(): void {
  installEffects({
    toast: (content, duration) => void overlays().then(({ Toast }) => Toast.show({ content, duration })),
    alert: async ({ title, content }) => (await overlays()).Dialog.alert({ title, content, confirmText: i18n.t('common.confirm') }),
    navigate: (path, state) => navigateTo(path, { replace: true, state }),
    currentPath,
    verify: requestVerification,
    loginRequired: () => showLoginReminder(),
  });
}
