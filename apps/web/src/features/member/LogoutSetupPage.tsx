import { CheckList, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IDLE_LOGOUT_CHOICES, type IdleLogoutMinutes } from '@bp/contract';
import { ApiError } from '../../shared/api/request.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { memberApi } from './api.ts';
import './member.css';

const LOGOUT_SETUP_KEY = ['member', 'logoutSetup'] as const;

/**
 * When an idle session ends (seed 7: logoutSetup): after a number of idle minutes, or only at the
 * daily 22:00 end of every session. The choice is the member's, kept by the server for every device.
 */
export function LogoutSetupPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: LOGOUT_SETUP_KEY, queryFn: () => memberApi.logoutSetup() });
  const choose = useMutation({
    mutationFn: (idleMinutes: IdleLogoutMinutes) => memberApi.logoutSetup(idleMinutes),
    onSuccess: (answer) => {
      queryClient.setQueryData(LOGOUT_SETUP_KEY, answer);
      Toast.show({ icon: 'success', content: t('common.saved') });
    },
    onError: (err) => err instanceof ApiError && Toast.show({ content: err.message }),
  });
  return (
    <div className="bp-page">
      <PageHeader title={t('member.menu.logoutSetup')} fallback="/app/member" />
      <div className="bp-page-body">
        <p className="bp-muted bp-contact-intro">{t('member.idle.intro')}</p>
        {data ? (
          <CheckList
            className="bp-idle-list"
            value={[String(data.idleMinutes)]}
            onChange={(picked) => picked.length > 0 && !choose.isPending && choose.mutate(Number(picked[0]) as IdleLogoutMinutes)}
          >
            {IDLE_LOGOUT_CHOICES.map((minutes) => (
              <CheckList.Item key={minutes} value={String(minutes)} description={minutes === 0 ? t('member.idle.neverNote') : undefined}>
                {minutes === 0 ? t('member.idle.never') : minutes < 60 ? t('member.idle.minutes', { n: minutes }) : t('member.idle.hours', { n: minutes / 60 })}
              </CheckList.Item>
            ))}
          </CheckList>
        ) : null}
      </div>
    </div>
  );
}
