import type { RouteObject } from 'react-router-dom';
import type { RouteHandle } from '../../shared/routing/areas.ts';

const handle = (title: string): RouteHandle => ({ title });

/** Login, registration, the forgotten password and the robot check: outside the app frame. */
export const authRoutes: RouteObject[] = [
  { path: '/login', handle: handle('auth.login'), lazy: async () => ({ Component: (await import('./LoginPage.tsx')).LoginPage }) },
  { path: '/entry/login', handle: handle('auth.login'), lazy: async () => ({ Component: (await import('./LoginPage.tsx')).EntryLoginPage }) },
  { path: '/register', handle: handle('auth.register'), lazy: async () => ({ Component: (await import('./RegisterPage.tsx')).RegisterPage }) },
  {
    path: '/forgot-password',
    handle: handle('forgot.title'),
    lazy: async () => ({ Component: (await import('./ForgotPasswordPage.tsx')).ForgotPasswordPage }),
  },
  { path: '/verify', handle: handle('verify.humanTitle'), lazy: async () => ({ Component: (await import('./HumanCheckPage.tsx')).HumanCheckPage }) },
];
