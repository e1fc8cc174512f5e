import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Button, Popup, Radio } from 'antd-mobile';
import { useCurrency } from '../../../../shared/site/use-currency.ts';
import { useLoggedIn } from '../../../../shared/session/use-session.ts';
import { showLoginReminder } from '../../../../shared/session/login-required.tsx';
import { useBalance } from '../../../../shared/wallet/balance.ts';
import { sportsApi } from '../../api.ts';
import { clashingLegs, modeOf, needsOddsConfirm, singleStake, type OddsPolicy } from '../../model/slip.ts';
import { slipReturn, totalStake, whyNotPlace } from '../../model/stake.ts';
import { formatOdds, parlayOdds } from '../../model/odds.ts';
import { slip, useSlip } from '../../hooks/slip-store.ts';
import { reachedBook, usePlaceBets } from '../../hooks/use-place-bets.ts';
import { useSlipStakes } from '../../hooks/use-slip-stakes.ts';
import { SlipLegRow } from './SlipLegRow.tsx';
import { StakeInput } from './StakeInput.tsx';
import { PlaceResult } from './PlaceResult.tsx';

/** The bet slip, opened from its bar: singles or a parlay, stakes checked as typed, the odds prompt, and the result. */
export function SlipSheet({ visible, onClose }: { visible: boolean; onClose(): void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const current = useSlip();
  const loggedIn = useLoggedIn();
  const { money } = useCurrency();
  const balance = useBalance();
  const { outcomes, place, reset, busy } = usePlaceBets();
  const mode = modeOf(current);
  const { control, stakes, setValue, handleSubmit, formState } = useSlipStakes(current, loggedIn ? (balance.data?.spendable ?? null) : null);
  const blocked = whyNotPlace(current, stakes, Object.keys(formState.errors).length > 0);
  const clashes = clashingLegs(current.legs);
  const ids = current.legs.map((l) => l.selectionId).join(',');

  // Opening the slip reads its prices again: it may have waited since the last frame.
  useEffect(() => {
    if (!visible || !ids) return;
    void sportsApi.odds(ids.split(',').map(Number)).then(
      (r) => slip.prices(r.list),
      () => undefined,
    );
  }, [visible, ids]);

  const placed = outcomes?.some(reachedBook) ?? false;
  const failure = outcomes?.find((o) => o.state === 'failed');
  // A refusal's message stays until the member changes the bet (not while prices merely move).
  const intent = JSON.stringify([current.legs.map((l) => [l.selectionId, l.acceptedOdds]), current.mode, stakes, current.policy]);
  useEffect(() => {
    if (!placed) reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the bet itself, not its moving prices nor the outcome it resets
  }, [intent]);
  const finish = (keep: boolean) => {
    const done = (outcomes ?? []).filter((o) => o.state === 'accepted' || o.state === 'waiting' || o.state === 'unknown').flatMap((o) => o.selectionIds);
    // Kept after a bet was taken, the parlay's stake is typed again, so one tap cannot place it twice;
    // after a refusal nothing was placed, and the stake stays for the next try.
    if (!keep) slip.drop(done);
    if (!keep || done.length > 0) setValue('parlay', '');
    reset();
    if (!keep && done.length === current.legs.length) onClose();
  };

  const clear = () => {
    slip.clear();
    setValue('parlay', '');
  };
  const act = () => {
    if (!loggedIn) return showLoginReminder();
    if (needsOddsConfirm(current)) return slip.acceptOdds();
    void handleSubmit((typed) => place(current, typed))();
  };
  const label = !loggedIn
    ? t('sports.slip.login')
    : busy
      ? t('sports.slip.placing')
      : blocked === 'confirmOdds'
        ? t('sports.slip.accept')
        : t('sports.slip.place');

  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="bp-slip" destroyOnClose={false}>
      <header className="bp-slip-head">
        <strong>{t('sports.slip.title')}</strong>
        <span className="bp-slip-count">{current.legs.length}</span>
        <div className="bp-slip-modes" role="tablist">
          {(['single', 'parlay'] as const).map((m) => (
            <button
              key={m}
              role="tab"
              aria-selected={mode === m}
              className={mode === m ? 'is-active' : ''}
              disabled={m === 'parlay' && current.legs.length < 2}
              onClick={() => slip.setMode(m)}
            >
              {t(`sports.slip.${m}`)}
            </button>
          ))}
        </div>
        <button className="bp-slip-clear" onClick={clear} disabled={current.legs.length === 0}>
          {t('sports.slip.clear')}
        </button>
      </header>
      {placed && outcomes ? (
        <PlaceResult
          outcomes={outcomes}
          onAgain={() => finish(false)}
          onKeep={() => finish(true)}
          onRecords={() => {
            finish(false);
            navigate('/app/sports/records');
          }}
        />
      ) : current.legs.length === 0 ? (
        <p className="bp-slip-empty">{t('sports.slip.empty')}</p>
      ) : (
        <>
          <ul className="bp-slip-legs">
            {current.legs.map((leg) => (
              <SlipLegRow
                key={leg.selectionId}
                leg={leg}
                clash={mode === 'parlay' && clashes.has(leg.selectionId)}
                stake={mode === 'single' ? { control, text: singleStake(stakes, leg) } : undefined}
              />
            ))}
          </ul>
          {mode === 'parlay' ? (
            <section className="bp-slip-parlay">
              <div className="bp-slip-parlay-head">
                <span>{t('sports.slip.parlayName', { n: current.legs.length })}</span>
                <span>
                  {t('sports.slip.combined')} <b>@{formatOdds(parlayOdds(current.legs.map((l) => l.odds)))}</b>
                </span>
              </div>
              <StakeInput control={control} path="parlay" name="stake-parlay" placeholder={t('sports.slip.stakeFor')} quick />
            </section>
          ) : null}
          <Radio.Group value={current.policy} onChange={(v) => slip.setPolicy(v as OddsPolicy)}>
            <div className="bp-slip-policy">
              {(['better', 'any'] as const).map((p) => (
                <Radio key={p} value={p}>
                  {t(`sports.slip.policy.${p}`)}
                </Radio>
              ))}
            </div>
          </Radio.Group>
          {blocked === 'confirmOdds' ? (
            <div className="bp-slip-notice is-odds">{t('sports.slip.oddsChanged')}</div>
          ) : failure && failure.state === 'failed' ? (
            <div className="bp-slip-notice">{failure.message}</div>
          ) : null}
          <footer className="bp-slip-foot">
            <div className="bp-slip-sums">
              {loggedIn ? (
                <span>
                  {t('sports.slip.balance')} <b>{balance.data ? money(balance.data.spendable) : '—'}</b>
                </span>
              ) : null}
              <span>
                {t('sports.slip.total')} <b>{money(totalStake(current, stakes))}</b>
              </span>
              <span>
                {t('sports.slip.toReturn')} <b className="bp-gold-text">{money(slipReturn(current, stakes))}</b>
              </span>
            </div>
            <Button block color="primary" size="large" loading={busy} disabled={loggedIn && blocked !== null && blocked !== 'confirmOdds'} onClick={act}>
              {label}
            </Button>
            {loggedIn && blocked && blocked !== 'confirmOdds' ? (
              <p className="bp-slip-why">{t(`sports.slip.${blocked === 'stake' ? 'stakeProblem' : blocked}`)}</p>
            ) : null}
          </footer>
        </>
      )}
    </Popup>
  );
}
