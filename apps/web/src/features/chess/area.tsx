import type { Area } from '../../shared/routing/areas.ts';
import { memberPage } from '../../shared/session/login-required.tsx';

/** 棋牌 at /app/chess: 开元棋牌's games (the lobby leads here) and 抢庄牛牛, played from the member's KY balance (members only). */
export const chessArea: Area = {
  name: 'chess',
  routes: [
    { path: 'chess', handle: { title: 'chess.title' }, lazy: memberPage(async () => (await import('./ChessPage.tsx')).ChessPage) },
    { path: 'chess/niuniu', handle: { title: 'chess.niuniu' }, lazy: memberPage(async () => (await import('./NiuniuPage.tsx')).NiuniuPage) },
  ],
};
