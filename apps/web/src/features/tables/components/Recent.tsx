import { useTranslation } from 'react-i18next';
import type { TableResult } from '@bp/contract';
import { colourOf } from './Wheel.tsx';

const SHORT = { player: '闲', banker: '庄', tie: '和', dragon: '龙', tiger: '虎' } as const;

/** The last results as small beads: a card table's winners, the wheel's numbers. */
export function Recent({ history, count = 12 }: { history: TableResult[]; count?: number }) {
  const { t } = useTranslation();
  const last = history.slice(-count);
  if (last.length === 0) return <div className="bp-recent empty">{t('tables.noHistory')}</div>;
  return (
    <div className="bp-recent" aria-label={t('tables.lastNumbers')}>
      {last.map(({ roundNo, outcome: o }) =>
        o.game === 'roulette' ? (
          <b key={roundNo} className={`bp-recent-n ${colourOf(o.number)}`}>
            {o.number}
          </b>
        ) : (
          <b key={roundNo} className={`bp-recent-w ${o.winner}`}>
            {SHORT[o.winner]}
          </b>
        ),
      )}
    </div>
  );
}
