import type { ComponentType } from 'react';
import type { Area } from '../../shared/routing/areas.ts';
import { RequireMember } from '../../shared/session/login-required.tsx';

/** A 棋牌 screen: played from the member's KY balance, for members only (a visitor meets the warm reminder). */
const chessPage = (load: () => Promise<ComponentType>) => async () => {
  const Page = await load();
  return {
    element: (
      <RequireMember>
        <Page />
      </RequireMember>
    ),
  };
};

/** 棋牌 at /app/chess: 开元棋牌's games (the lobby leads here) and 抢庄牛牛. */
export const chessArea: Area = {
  name: 'chess',
  routes: [
    { path: 'chess', handle: { title: 'chess.title' }, lazy: chessPage(async () => (await import('./ChessPage.tsx')).ChessPage) },
    { path: 'chess/niuniu', handle: { title: 'chess.niuniu' }, lazy: chessPage(async () => (await import('./NiuniuPage.tsx')).NiuniuPage) },
  ],
};
