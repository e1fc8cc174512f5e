import { Button, Toast } from 'antd-mobile';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { Maintenance } from '@bp/contract';
import { formatDateTime } from '../../shared/ui/format.ts';
import { PER_INFO_KEY, usePerInfo, siteInfoApi } from '../../shared/site/site-info.ts';
import { InfoRow, StatusArt, StatusScreen } from './StatusScreen.tsx';

const RECHECK_MS = 30_000;

/** Seed 2: shown on an access caveat with maintenance status 0, or on system maintenance from perInfo. */
export function MaintenancePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = useLocation().state as { maintenance?: Maintenance } | null;
  const { data } = usePerInfo();
  const maintenance = state?.maintenance ?? data?.maintenance;

  /** Asks the site again; open again means back to the home page. */
  const recheck = async (quiet: boolean) => {
    const info = await siteInfoApi.perInfo().catch(() => null);
    if (info && info.maintenance.status !== 0) {
      queryClient.setQueryData(PER_INFO_KEY, info);
      navigate('/app/home', { replace: true });
    } else if (!quiet) Toast.show({ content: t('maintenance.still') });
  };
  const recheckRef = useRef(recheck);
  recheckRef.current = recheck;
  useEffect(() => {
    const timer = setInterval(() => void recheckRef.current(true), RECHECK_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <StatusScreen
      art={<StatusArt kind="gear" />}
      title={t('maintenance.title')}
      actions={
        <>
          <Button block color="primary" shape="rounded" onClick={() => void recheck(false)}>
            {t('maintenance.recheck')}
          </Button>
          <Button block fill="outline" shape="rounded" onClick={() => navigate('/cs')}>
            {t('status.contactCs')}
          </Button>
        </>
      }
    >
      <p>{maintenance?.message || t('maintenance.body')}</p>
      {maintenance?.startAt ? <InfoRow label={t('maintenance.start')} value={formatDateTime(maintenance.startAt)} /> : null}
      {maintenance?.endAt ? <InfoRow label={t('maintenance.end')} value={formatDateTime(maintenance.endAt)} /> : null}
    </StatusScreen>
  );
}
