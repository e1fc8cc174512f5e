import { Button } from 'antd-mobile';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Errors } from '@bp/contract';
import { ApiError } from '../../shared/api/request.ts';
import { usePerInfo } from '../../shared/site/site-info.ts';
import { InfoRow, StatusArt, StatusScreen } from './StatusScreen.tsx';

interface AccessState {
  restrictionCode?: string;
  ip?: string | null;
  country?: string | null;
  reason?: string;
}

function useAccessState(): AccessState {
  return (useLocation().state as AccessState | null) ?? {};
}

function Where({ state }: { state: AccessState }) {
  const { t } = useTranslation();
  return (
    <>
      {state.ip ? <InfoRow label={t('status.ip')} value={state.ip} /> : null}
      {state.country ? <InfoRow label={t('status.country')} value={state.country} /> : null}
    </>
  );
}

/** Seed 2: restricted access; the answer's data arrives as the route's state. */
export function AccessAlertPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const state = useAccessState();
  return (
    <StatusScreen
      art={<StatusArt kind="shield" />}
      title={t('accessAlert.title')}
      actions={
        <>
          <Button block color="primary" shape="rounded" onClick={() => navigate('/cs')}>
            {t('status.contactCs')}
          </Button>
          <Button block fill="outline" shape="rounded" onClick={() => navigate('/app/home', { replace: true })}>
            {t('accessAlert.tryAgain')}
          </Button>
        </>
      }
    >
      <p>{state.reason || t('accessAlert.body')}</p>
      <Where state={state} />
    </StatusScreen>
  );
}

/**
 * The restriction as the server answers it now: the answer's data arrives as the route's state;
 * opened directly, the site's info is asked, and its refusal carries the same data. `lifted`: the
 * site answers, so this visitor is not restricted (any more).
 */
function useRestriction(): { state: AccessState; lifted: boolean } {
  const state = useAccessState();
  const site = usePerInfo();
  if (state.restrictionCode) return { state, lifted: false };
  const { error } = site;
  const refused = error instanceof ApiError && error.code === Errors.ACCESS_RESTRICTION.code;
  return { state: refused ? ((error.data as AccessState | null) ?? {}) : {}, lifted: site.isSuccess };
}

/** Seed 2: the access restriction, with its code for customer service (asked afresh when the page is opened directly). */
export function AccessRestrictionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state, lifted } = useRestriction();
  if (lifted) {
    return (
      <StatusScreen
        art={<StatusArt kind="open" />}
        title={t('restriction.liftedTitle')}
        actions={
          <Button block color="primary" shape="rounded" onClick={() => navigate('/app/home', { replace: true })}>
            {t('accessAlert.tryAgain')}
          </Button>
        }
      >
        <p>{t('restriction.lifted')}</p>
      </StatusScreen>
    );
  }
  return (
    <StatusScreen
      art={<StatusArt kind="lock" />}
      title={t('restriction.title')}
      actions={
        <Button block color="primary" shape="rounded" onClick={() => navigate('/cs')}>
          {t('status.contactCs')}
        </Button>
      }
    >
      <p>{t(state.restrictionCode ? 'restriction.bodyWithCode' : 'restriction.body')}</p>
      {state.restrictionCode ? <InfoRow label={t('restriction.code')} value={<span className="bp-status-code">{state.restrictionCode}</span>} /> : null}
      <Where state={state} />
    </StatusScreen>
  );
}
