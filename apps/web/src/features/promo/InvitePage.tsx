import { Button, ProgressBar, Skeleton, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { shanghaiDateTime } from '@bp/contract';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { copyText } from '../../shared/ui/copy.ts';
import { useCurrency } from '../../shared/site/use-currency.ts';
import { useFriends, useInviteConfig } from './api.ts';
import { Records, Rules } from './parts.tsx';
import './promo.css';

/** Copies a text and says so. */
const copy = async (text: string, done: string) => {
  if (await copyText(text)) Toast.show({ icon: 'success', content: done });
};

/** The friends who registered with the member's code, each with their progress toward the rule. */
function Friends({ rule }: { rule: { minDeposit: number; minTurnover: number } }) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const { data } = useFriends();
  const share = (have: number, need: number) => (need > 0 ? Math.min(100, (have / need) * 100) : 100);
  return (
    <section className="bp-card bp-promo-records">
      <h3>{t('promo.invite.friends')}</h3>
      {data && data.list.length === 0 ? <p className="bp-muted">{t('promo.invite.noFriends')}</p> : null}
      {data?.list.map((f) => (
        <div key={`${f.name}-${f.registeredAt}`} className="bp-promo-friend" data-testid="invite-friend">
          <div className="bp-promo-friend-head">
            <strong>{f.name}</strong>
            <span className={`bp-promo-tag bp-promo-friend--${f.status}`}>{t(`promo.invite.status.${f.status}`)}</span>
          </div>
          {f.status === 'waiting' ? <ProgressBar percent={(share(f.deposit, rule.minDeposit) + share(f.turnover, rule.minTurnover)) / 2} /> : null}
          <span className="bp-muted">
            {t('promo.invite.joined', { date: shanghaiDateTime(f.registeredAt).slice(0, 10) })} ·{' '}
            {f.status === 'rewarded'
              ? money(f.reward)
              : t('promo.invite.progress', {
                  deposit: money(f.deposit),
                  minDeposit: money(rule.minDeposit),
                  turnover: money(f.turnover),
                  minTurnover: money(rule.minTurnover),
                })}
          </span>
        </div>
      ))}
    </section>
  );
}

/** 邀请好友: the member's code and link to share, what they earned, their friends' progress and the rewards to receive. */
export function InvitePage() {
  const { t } = useTranslation();
  const { money } = useCurrency();
  const { data } = useInviteConfig();
  const link = data ? `${location.origin}${data.invitePath}` : '';

  return (
    <div className="bp-page bp-promo">
      <PageHeader title={t('promoPages.invite')} fallback="/app/promotions" />
      <div className="bp-page-body">
        {!data ? <Skeleton.Paragraph lineCount={8} animated /> : null}
        {data ? (
          <>
            <section className="bp-hero-card bp-promo-hero bp-promo-invite" data-testid="invite-hero">
              <span className="bp-muted">{t('promo.invite.each', { amount: money(data.rule.reward) })}</span>
              <span className="bp-muted bp-small">
                {t('promo.invite.need', { deposit: money(data.rule.minDeposit), turnover: money(data.rule.minTurnover) })}
              </span>
              <div className="bp-promo-code">
                <span className="bp-muted">{t('promo.invite.code')}</span>
                <b data-testid="invite-code">{data.inviteCode}</b>
                <Button size="mini" shape="rounded" onClick={() => void copy(data.inviteCode, t('promo.invite.copied'))}>
                  {t('promo.invite.copy')}
                </Button>
              </div>
              <div className="bp-promo-link" data-testid="invite-link">
                <span className="bp-muted">{t('promo.invite.link')}</span>
                <span>{link}</span>
              </div>
              <Button block color="primary" shape="rounded" onClick={() => void copy(link, t('promo.invite.copied'))}>
                {t('promo.invite.copyLink')}
              </Button>
              <dl className="bp-promo-stats">
                <div>
                  <dt>{t('promo.invite.invited')}</dt>
                  <dd data-testid="invite-count">{data.invited}</dd>
                </div>
                <div>
                  <dt>{t('promo.invite.rewarded')}</dt>
                  <dd>{data.rewarded}</dd>
                </div>
                <div>
                  <dt>{t('promo.invite.earned')}</dt>
                  <dd className="bp-gold-text">{money(data.earned)}</dd>
                </div>
              </dl>
            </section>
            <Friends rule={data.rule} />
            <Records kind="invite" />
            <Rules rules={data.rules} />
          </>
        ) : null}
      </div>
    </div>
  );
}
