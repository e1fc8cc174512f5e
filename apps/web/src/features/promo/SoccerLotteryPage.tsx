import { useState } from 'react';
import { Button, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { shanghaiDateTime, type SoccerTicket } from '@bp/contract';
import type { z } from 'zod';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { promoApi, useSoccerLotteryConfig } from './api.ts';
import { MatchPicks, Records, Rules, useMoneyCall, type MatchPick } from './parts.tsx';
import './promo.css';

type Ticket = z.output<typeof SoccerTicket>;
const at = (ms: number) => shanghaiDateTime(ms).slice(5, 16);

/** 足彩: the round's matches, a 1 / X / 2 pick each and one ticket a round before the first kickoff; the member's tickets, right picks marked. */
export function SoccerLotteryPage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const { data } = useSoccerLotteryConfig();
  const [picks, setPicks] = useState<Record<number, MatchPick>>({});
  const submit = useMoneyCall(
    (p: { roundId: number; picks: Array<{ matchId: number; pick: MatchPick }> }, key: string) => promoApi.ticket(p.roundId, p.picks, key),
    () => Toast.show({ icon: 'success', content: t('promo.soccer.made') }),
  );
  const round = data?.round ?? null;
  const ticket = round?.ticket ?? null;
  const chosen = (matchId: number) => ticket?.picks.find((p) => p.match.matchId === matchId)?.pick ?? picks[matchId];
  const complete = round !== null && round.matches.every((m) => picks[m.matchId] !== undefined);

  return (
    <div className="bp-page bp-promo">
      <PageHeader title={t('promoPages.soccerLottery')} fallback="/app/promotions" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={8} animated /> : null}
        {data ? (
          <>
            <section className="bp-hero-card bp-promo-hero">
              <span className="bp-muted">{t('promo.soccer.tiers')}</span>
              <div className="bp-promo-soccer-tiers">
                {data.tiers.map((tier) => (
                  <span key={tier.correct}>
                    {t('promo.soccer.tier', { n: tier.correct })} <b className="bp-gold-text">{money(tier.prize)}</b>
                  </span>
                ))}
              </div>
            </section>
            <section className="bp-card bp-promo-records" data-testid="soccer-round">
              {round ? (
                <>
                  <h3>
                    {t('promo.soccer.round', { n: round.roundId })} · <span className="bp-muted">{t('promo.soccer.closes', { at: at(round.closesAt) })}</span>
                  </h3>
                  {round.matches.map((m) => (
                    <MatchPicks
                      key={m.matchId}
                      match={m}
                      chosen={chosen(m.matchId)}
                      locked={ticket !== null}
                      labelOf={(p) => t(`promo.soccer.picks.${p}`)}
                      testId="soccer-match"
                      onPick={(p) => setPicks({ ...picks, [m.matchId]: p })}
                    />
                  ))}
                  {ticket === null ? (
                    <Button
                      block
                      color="primary"
                      shape="rounded"
                      loading={submit.busy}
                      onClick={() => {
                        if (!complete) Toast.show({ content: t('promo.soccer.chooseAll') });
                        else void submit.run({ roundId: round.roundId, picks: round.matches.map((m) => ({ matchId: m.matchId, pick: picks[m.matchId] })) });
                      }}
                    >
                      {t('promo.soccer.submit')}
                    </Button>
                  ) : (
                    <p className="bp-muted">{t('promo.soccer.made')}</p>
                  )}
                </>
              ) : (
                <p className="bp-muted">{t('promo.soccer.none')}</p>
              )}
            </section>
            {data.tickets.length > 0 ? (
              <section className="bp-card bp-promo-records">
                <h3>{t('promo.soccer.mine')}</h3>
                {data.tickets.map((ticketShown) => (
                  <TicketCard key={ticketShown.roundId} ticket={ticketShown} />
                ))}
              </section>
            ) : null}
            <Records kind="soccer_lottery" />
            <Rules rules={data.rules} />
          </>
        ) : null}
      </div>
    </div>
  );
}

/** A ticket: each match with the member's pick, right or wrong once over; its outcome once settled. */
function TicketCard({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const outcome = ticket.status === 'settled' ? t('promo.soccer.correct', { n: ticket.correct ?? 0 }) : t('promo.soccer.open');
  return (
    <div className="bp-promo-guess" data-testid="soccer-ticket">
      <div className="bp-promo-guess-head">
        <b>{t('promo.soccer.round', { n: ticket.roundId })}</b>
        <span className={ticket.prize > 0 ? 'bp-gold-text' : 'bp-muted'}>
          {outcome}
          {ticket.prize > 0 ? ` · ${t('promo.soccer.won', { amount: money(ticket.prize) })}` : ''}
        </span>
      </div>
      {ticket.picks.map((p) => (
        <div key={p.match.matchId} className="bp-promo-soccer-pick">
          <span>{`${p.match.homeName} vs ${p.match.visitName}`}</span>
          <span className={p.right === null ? 'bp-muted' : p.right ? 'is-right' : 'is-wrong'}>
            {t(`promo.soccer.picks.${p.pick}`)} · {p.right === null ? t('promo.soccer.waiting') : t(p.right ? 'promo.soccer.right' : 'promo.soccer.wrong')}
          </span>
        </div>
      ))}
    </div>
  );
}
