/**
 * The pages members most often open first, with the modules their routes load. The build turns
 * this into the files each page needs (build/first-views.ts), and the server names them in that
 * page's HTML, so they download beside the entry instead of after it has run (issue 13: the
 * JS → page code → data chain held the first screen back by a round trip and a download).
 * A route missing here still works: its code comes when the router asks for it, as before.
 */
export const FIRST_VIEWS: Readonly<Record<string, readonly string[]>> = {
  '/app/home': ['src/features/home/HomePage.tsx'],
  '/app/sports': ['src/features/sports/pages/SportsHomePage.tsx'],
  '/app/sports/match/:matchId': ['src/features/sports/pages/MatchDetailPage.tsx'],
  '/login': ['src/features/auth/LoginPage.tsx'],
  '/register': ['src/features/auth/RegisterPage.tsx'],
  '/app/wallet': ['src/features/wallet/pages/WalletPage.tsx', 'src/features/wallet/locale.ts'],
  '/app/wallet/deposit': ['src/features/wallet/pages/DepositPage.tsx', 'src/features/wallet/locale.ts'],
};
