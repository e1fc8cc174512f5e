import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarPicker } from 'antd-mobile';
import type { GameRecord } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { PagedList } from '../../shared/ui/PagedList.tsx';
import { formatDateTime } from '../../shared/ui/format.ts';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { useLobby, useRecords } from './api.ts';
import { MONEY_DETAILS, RECORD_PERIODS, detailText, netOf, recordFilter, type RecordQuery } from './records.ts';
import './locale.ts';
import './casino.css';

/**
 * /app/casino/records: the member's rounds at every venue, latest first, by venue and period; a
 * round opens to its detail (stake, outcome, payout, the balance before and after, its status).
 */
export function RecordsPage() {
  const { t } = useTranslation();
  const lobby = useLobby();
  const [q, setQ] = useState<RecordQuery>({ api_name: null, period: 'week', range: null });
  const [picking, setPicking] = useState(false);
  // The period's end is fixed when the filter changes, so the pages of one list ask the same thing.
  const filter = useMemo(() => recordFilter(q, Date.now()), [q]);
  const records = useRecords(filter);
  const venues = (lobby.data?.categories ?? []).flatMap((c) => c.venues);

  return (
    <div className="bp-page bp-casino bp-game-records">
      <PageHeader title={t('casino.records.title')} fallback="/app/casino" />
      <div className="bp-casino-filters">
        <div className="bp-casino-chips" role="tablist" aria-label={t('casino.records.venue')}>
          {[{ api_name: null, name: t('casino.records.allVenues') }, ...venues].map((v) => (
            <button
              key={v.api_name ?? 'all'}
              role="tab"
              aria-selected={q.api_name === v.api_name}
              className={`bp-casino-chip${q.api_name === v.api_name ? ' is-active' : ''}`}
              onClick={() => setQ({ ...q, api_name: v.api_name })}
            >
              {v.name}
            </button>
          ))}
        </div>
        <div className="bp-casino-periods" role="tablist" aria-label={t('casino.records.period')}>
          {RECORD_PERIODS.map((period) => (
            <button
              key={period}
              role="tab"
              aria-selected={q.period === period}
              className={q.period === period ? 'is-active' : ''}
              onClick={() => (period === 'custom' ? setPicking(true) : setQ({ ...q, period, range: null }))}
            >
              {period === 'custom' && q.range ? `${formatDay(q.range[0])} - ${formatDay(q.range[1])}` : t(`casino.records.periods.${period}`)}
            </button>
          ))}
        </div>
      </div>
      <CalendarPicker
        visible={picking}
        selectionMode="range"
        title={t('casino.records.pickDays')}
        confirmText={t('common.confirm')}
        max={new Date()}
        min={new Date(Date.now() - 90 * 86_400_000)}
        onClose={() => setPicking(false)}
        onConfirm={(range) => {
          if (range) setQ({ ...q, period: 'custom', range: [range[0].getTime(), range[1].getTime()] });
          setPicking(false);
        }}
      />
      <div className="bp-page-body">
        <PagedList query={records} itemKey={(r) => r.roundId} empty={t('casino.records.empty')} render={(r) => <RoundRow round={r} />} />
      </div>
    </div>
  );
}

const formatDay = (ms: number) => {
  const d = new Date(ms);
  return `${d.getMonth() + 1}/${d.getDate()}`;
};

/** One round: its game, venue, stake and result; tapped, its detail. */
function RoundRow({ round: r }: { round: GameRecord }) {
  const { t, i18n } = useTranslation();
  const { money } = useCurrency();
  const [open, setOpen] = useState(false);
  const net = netOf(r);
  const label = (key: string) => (i18n.exists(`casino.detail.${key}`) ? t(`casino.detail.${key}`) : key);
  return (
    <article className={`bp-round bp-card${open ? ' is-open' : ''}`} data-round={r.roundId}>
      <button className="bp-round-head" aria-expanded={open} onClick={() => setOpen(!open)}>
        <div className="bp-round-main">
          <strong>{r.gameName}</strong>
          <span className="bp-muted">
            {r.venueName === r.gameName ? '' : `${r.venueName} · `}
            {formatDateTime(r.createdAt)}
          </span>
        </div>
        <div className="bp-round-side">
          <span className={net === null ? 'bp-muted' : net > 0 ? 'bp-round-win' : net < 0 ? 'bp-round-lose' : ''}>
            {net === null ? t(`casino.records.status.${r.status}`) : `${net > 0 ? '+' : ''}${money(net)}`}
          </span>
          <span className="bp-muted">{t('casino.records.stakeOf', { amount: money(r.stake) })}</span>
        </div>
        <span className="bp-round-caret" aria-hidden>
          ›
        </span>
      </button>
      {open ? (
        <dl className="bp-round-detail">
          <Row term={t('casino.records.fields.status')} value={t(`casino.records.status.${r.status}`)} />
          <Row term={t('casino.records.fields.stake')} value={money(r.stake)} />
          <Row term={t('casino.records.fields.payout')} value={money(r.payout)} />
          <Row term={t('casino.records.fields.before')} value={money(r.balanceBefore)} />
          <Row term={t('casino.records.fields.after')} value={r.balanceAfter === null ? '—' : money(r.balanceAfter)} />
          {Object.entries(r.detail).map(([key, value]) => (
            <Row key={key} term={label(key)} value={MONEY_DETAILS.has(key) && typeof value === 'number' ? money(value) : detailText(value)} />
          ))}
          <Row term={t('casino.records.fields.round')} value={r.roundId} />
          {r.settledAt ? <Row term={t('casino.records.fields.settledAt')} value={formatDateTime(r.settledAt)} /> : null}
        </dl>
      ) : null}
    </article>
  );
}

function Row({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
