import { Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { promoApi, useGuessConfig } from './api.ts';
import { MatchPicks, Records, Rules, useMoneyCall, type MatchPick } from './parts.tsx';
import './promo.css';

/** 竞猜: the coming football matches, each with 主胜 / 平 / 客胜 (one pick, before kickoff); the member's guesses and prizes. */
export function GuessPage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const { data } = useGuessConfig();
  const guess = useMoneyCall(
    (p: { matchId: number; pick: MatchPick }, key: string) => promoApi.guess(p.matchId, p.pick, key),
    () => Toast.show({ icon: 'success', content: t('promo.guess.made') }),
  );

  return (
    <div className="bp-page bp-promo">
      <PageHeader title={t('promoPages.guess')} fallback="/app/promotions" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={8} animated /> : null}
        {data ? (
          <>
            <section className="bp-hero-card bp-promo-hero">
              <b className="bp-gold-text">{t('promo.guess.prize', { amount: money(data.prize) })}</b>
              <span className="bp-muted">{t('promo.guess.free')}</span>
            </section>
            <section className="bp-card bp-promo-records">
              <h3>{t('promo.guess.coming')}</h3>
              {data.matches.length === 0 ? <p className="bp-muted">{t('promo.guess.none')}</p> : null}
              {data.matches.map(({ match: m, pick }) => (
                <MatchPicks
                  key={m.matchId}
                  match={m}
                  chosen={pick}
                  locked={pick !== null}
                  busy={guess.busy}
                  labelOf={(p) => t(`promo.guess.picks.${p}`)}
                  testId="guess-match"
                  onPick={(p) => void guess.run({ matchId: m.matchId, pick: p })}
                />
              ))}
            </section>
            {data.guesses.length > 0 ? (
              <section className="bp-card bp-promo-records">
                <h3>{t('promo.guess.mine')}</h3>
                {data.guesses.map((g) => (
                  <div key={g.match.matchId} className="bp-promo-record" data-testid="guess-mine">
                    <div>
                      <strong>{`${g.match.homeName} vs ${g.match.visitName}`}</strong>
                      <span className="bp-muted">{t(`promo.guess.picks.${g.pick}`)}</span>
                    </div>
                    <span className={`bp-promo-guess-status is-${g.status}`}>{t(`promo.guess.status.${g.status}`)}</span>
                  </div>
                ))}
              </section>
            ) : null}
            <Records kind="guess" />
            <Rules rules={data.rules} />
          </>
        ) : null}
      </div>
    </div>
  );
}
