import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ErrorBlock, Skeleton } from 'antd-mobile';
import type { TableSummary } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { useTableFrames, useTablesList } from './api.ts';
import { phaseAt, roundShown, secondsTo } from './model/phase.ts';
import { useServerNow } from './model/use-now.ts';
import { Recent } from './components/Recent.tsx';
import './tables.css';

function PhaseTag({ table, now }: { table: TableSummary; now: number }) {
  const { t } = useTranslation();
  const round = roundShown(table.round, table.timing, now);
  const phase = phaseAt(round, now);
  const label =
    phase === 'betting'
      ? t('tables.phase.betting', { s: secondsTo(round.closesAt, now) })
      : phase === 'dealing' && table.game === 'roulette'
        ? t('tables.phase.spinning')
        : t(`tables.phase.${phase}`);
  return <span className={`bp-phase ${phase}`}>{label}</span>;
}

/** /app/tables: AG's live tables, each with its round running now and its last results. */
export function TablesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tables = useTablesList();
  const now = useServerNow(500);
  const { money } = useCurrency();
  useTableFrames(tables.data?.list.map((x) => x.tableId) ?? []);
  return (
    <div className="bp-tables">
      <PageHeader title={t('tables.title')} fallback="/app/home" />
      <div className="bp-tables-venue">{t('tables.venue')}</div>
      {tables.isError ? <ErrorBlock status="default" title={(tables.error as Error).message} description="" /> : null}
      {tables.isPending ? <Skeleton.Paragraph lineCount={6} animated /> : null}
      <ul className="bp-tables-list">
        {tables.data?.list.map((table) => (
          <li key={table.tableId}>
            <button type="button" className="bp-table-card" data-table={table.tableId} onClick={() => navigate(`/app/tables/${table.tableId}`)}>
              <img src={`/assets/games/${table.gameId}.svg`} alt="" />
              <div className="bp-table-card-body">
                <div className="bp-table-card-head">
                  <strong>{table.name}</strong>
                  <PhaseTag table={table} now={now} />
                </div>
                <div className="bp-table-card-sub">
                  {t(`tables.game.${table.game}`)} · {t('tables.limits')} {money(Math.min(...table.limits.map((l) => l.min)))} -{' '}
                  {money(Math.max(...table.limits.map((l) => l.max)))}
                </div>
                <Recent history={table.history} />
              </div>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
