import { Navigate, Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ORIGINAL_GAMES, type OriginalGame } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { History, SeedPanel } from './parts.tsx';
import { DiceGame, LimboGame } from './dice-limbo.tsx';
import { PlinkoGame } from './plinko.tsx';
import { KenoGame } from './keno.tsx';
import { MinesGame } from './mines.tsx';
import './originals.css';

const GAMES: Record<OriginalGame, () => React.JSX.Element> = { dice: DiceGame, limbo: LimboGame, mines: MinesGame, plinko: PlinkoGame, keno: KenoGame };

/** /app/originals/:game: the game, the seeds it plays with (rotation reveals them), my rounds. */
export function GamePage() {
  const { t } = useTranslation();
  const { game = '' } = useParams();
  if (!(ORIGINAL_GAMES as readonly string[]).includes(game)) return <Navigate to="/app/originals" replace />;
  const Game = GAMES[game as OriginalGame];
  return (
    <div className="bp-page bp-og" data-game={game}>
      <PageHeader
        title={t(`originals.games.${game}`)}
        fallback="/app/originals"
        right={
          <Link to="/app/originals/verify" className="bp-og-head-link">
            {t('originals.verifyPage.title')}
          </Link>
        }
      />
      <div className="bp-page-body bp-og-body">
        <Game key={game} />
        <SeedPanel />
        <History game={game as OriginalGame} />
      </div>
    </div>
  );
}
