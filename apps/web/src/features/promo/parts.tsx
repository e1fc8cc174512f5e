import { useRef } from 'react';
import type { QueryKey } from '@tanstack/react-query';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { shanghaiDateTime, type DrawKind, type GUESS_PICKS } from '@bp/contract';
import { MoneyIntent } from '../../shared/api/money-intent.ts';
import { useAction } from '../../shared/api/use-action.ts';
import { BALANCE_KEY } from '../../shared/wallet/balance.ts';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { promoApi, promoKeys, useRecords, type ReceiveKind } from './api.ts';

/**
 * A money call of an activity: one Idempotency-Key per intent (the same on a retry, a new one once it
 * is done), a refusal shown as a toast, the member's activity data read again after.
 */
export function useMoneyCall<V, R>(
  send: (input: V, key: string) => Promise<R>,
  done: (answer: R) => void,
  invalidates: readonly QueryKey[] = [promoKeys.member],
) {
  const intent = useRef(new MoneyIntent()).current;
  return useAction((input: V) => send(input, intent.keyFor(input)), {
    refused: (err) => Toast.show({ content: err.message }),
    done: (answer) => {
      intent.done();
      done(answer);
    },
    invalidates,
  });
}

/** A draw or sign-in. */
export const useDraw = (kind: DrawKind, done: (answer: Awaited<ReturnType<typeof promoApi.draw>>) => void) =>
  useMoneyCall((_: undefined, key: string) => promoApi.draw(kind, key), done);

/** The activity's rules, one line each. */
export function Rules({ rules }: { rules: string[] }) {
  const { t } = useTranslation();
  return (
    <section className="bp-card bp-promo-rules">
      <h3>{t('promo.rules')}</h3>
      <ol>
        {rules.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ol>
    </section>
  );
}

/** The member's records in the activity, a money prize received from here. */
export function Records({ kind }: { kind: ReceiveKind }) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const { data } = useRecords(kind);
  const receive = useMoneyCall(
    (recordId: number, key: string) => promoApi.receive(kind, recordId, key),
    (answer) => Toast.show({ icon: 'success', content: t('promo.received', { amount: money(answer.amount) }) }),
    [BALANCE_KEY, promoKeys.member],
  );
  return (
    <section className="bp-card bp-promo-records">
      <h3>{t('promo.records')}</h3>
      {data && data.list.length === 0 ? <p className="bp-muted">{t('promo.noRecords')}</p> : null}
      {data?.list.map((r) => (
        <div key={r.recordId} className="bp-promo-record" data-testid="promo-record">
          <div>
            <strong>{r.prize.name}</strong>
            <span className="bp-muted">{shanghaiDateTime(r.createdAt)}</span>
          </div>
          <div className="bp-promo-record-act">
            {r.prize.kind === 'money' ? <b className="bp-gold-text">{money(r.prize.amount)}</b> : null}
            {r.status === 'pending' ? (
              <Button size="mini" color="primary" shape="rounded" loading={receive.busy} onClick={() => void receive.run(r.recordId)}>
                {t('promo.receive')}
              </Button>
            ) : (
              <span className="bp-muted">{t(`promo.recordStatus.${r.status}`)}</span>
            )}
          </div>
        </div>
      ))}
    </section>
  );
}

export type MatchPick = (typeof GUESS_PICKS)[number];
const MATCH_PICKS: MatchPick[] = ['home', 'draw', 'visit'];

/**
 * A match to pick on (竞猜, 足彩): its league, kickoff and teams, and 主胜 / 平 / 客胜; the chosen pick
 * lit, the others off once the pick is `locked`.
 */
export function MatchPicks(props: {
  match: { leagueName: string; startAt: number; homeName: string; visitName: string };
  chosen: MatchPick | null | undefined;
  locked: boolean;
  busy?: boolean;
  labelOf: (pick: MatchPick) => string;
  testId: string;
  onPick: (pick: MatchPick) => void;
}) {
  const { match: m, chosen, locked } = props;
  return (
    <div className="bp-promo-guess" data-testid={props.testId}>
      <div className="bp-promo-guess-head">
        <span className="bp-muted">{m.leagueName}</span>
        <span className="bp-muted">{shanghaiDateTime(m.startAt).slice(5, 16)}</span>
      </div>
      <strong>{`${m.homeName} vs ${m.visitName}`}</strong>
      <div className="bp-promo-guess-picks">
        {MATCH_PICKS.map((p) => (
          <Button
            key={p}
            size="small"
            shape="rounded"
            color={chosen === p ? 'primary' : 'default'}
            disabled={locked && chosen !== p}
            loading={props.busy}
            onClick={() => {
              if (!locked) props.onPick(p);
            }}
          >
            {props.labelOf(p)}
          </Button>
        ))}
      </div>
    </div>
  );
}
