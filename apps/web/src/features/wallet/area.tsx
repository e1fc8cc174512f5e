import type { ComponentType, ReactNode } from 'react';
import type { Area, RouteHandle } from '../../shared/routing/areas.ts';
import { RequireMember } from '../../shared/session/login-required.tsx';
import { usePerInfo } from '../../shared/site/site-info.ts';

const titled = (title: string): RouteHandle => ({ title: `walletPages.${title}` });

/**
 * Money on a wallet screen is in the site's currency, and a USDT site asks for other bindings: the
 * screen waits for the site's info rather than show ¥ and a bank card on a ₮ site for a moment.
 */
function CurrencyKnown({ children }: { children: ReactNode }) {
  const { isPending } = usePerInfo();
  return isPending ? <div className="bp-page" /> : children;
}

/** A wallet screen: loaded on first visit with the wallet's words, for members only (a visitor meets the warm reminder). */
const walletPage = (load: () => Promise<ComponentType>) => async () => {
  const [Page] = await Promise.all([load(), import('./locale.ts')]);
  return {
    element: (
      <RequireMember>
        <CurrencyKnown>
          <Page />
        </CurrencyKnown>
      </RequireMember>
    ),
  };
};

/** The wallet at /app/wallet and its screens; it has no tab of its own (the personal centre leads here). */
export const walletArea: Area = {
  name: 'wallet',
  routes: [
    { path: 'wallet', handle: titled('wallet'), lazy: walletPage(async () => (await import('./pages/WalletPage.tsx')).WalletPage) },
    { path: 'wallet/deposit', handle: titled('deposit'), lazy: walletPage(async () => (await import('./pages/DepositPage.tsx')).DepositPage) },
    {
      path: 'wallet/deposit/:orderId',
      handle: titled('depositOrder'),
      lazy: walletPage(async () => (await import('./pages/DepositOrderPage.tsx')).DepositOrderPage),
    },
    { path: 'wallet/withdraw', handle: titled('withdraw'), lazy: walletPage(async () => (await import('./pages/WithdrawPage.tsx')).WithdrawPage) },
    { path: 'wallet/orders', handle: titled('orders'), lazy: walletPage(async () => (await import('./pages/OrdersPage.tsx')).OrdersPage) },
    { path: 'wallet/cards', handle: titled('cards'), lazy: walletPage(async () => (await import('./pages/DestinationsPage.tsx')).DestinationsPage) },
    { path: 'wallet/cards/add', handle: titled('addCard'), lazy: walletPage(async () => (await import('./pages/AddCardPage.tsx')).AddCardPage) },
    { path: 'wallet/address/add', handle: titled('addAddress'), lazy: walletPage(async () => (await import('./pages/AddAddressPage.tsx')).AddAddressPage) },
    {
      path: 'wallet/password',
      handle: titled('password'),
      lazy: walletPage(async () => (await import('./pages/WithdrawPasswordPage.tsx')).WithdrawPasswordPage),
    },
    { path: 'wallet/records', handle: titled('records'), lazy: walletPage(async () => (await import('./pages/RecordsPage.tsx')).RecordsPage) },
    { path: 'wallet/yeb', handle: titled('yeb'), lazy: walletPage(async () => (await import('./pages/YebPage.tsx')).YebPage) },
  ],
};
