import { Button, Input, Toast } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { NICKNAME_MAX, NICKNAME_MIN, charCount } from '@bp/contract';
import { ApiError } from '../../shared/api/request.ts';
import { refreshMemberInfo } from '../../shared/session/member-info.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { MEMBER_INFO_KEY, memberApi, useAvatars, useMemberInfo } from './api.ts';
import './member.css';

/** Nickname and avatar (seed 3: member info), changed in place. */
export function ProfilePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: info } = useMemberInfo();
  const { data: avatars } = useAvatars();
  const [nickname, setNickname] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => setNickname(info?.nickname ?? ''), [info?.nickname]);

  const refresh = async () => queryClient.setQueryData(MEMBER_INFO_KEY, await refreshMemberInfo());
  const n = charCount(nickname.trim());
  const nicknameError = nickname && (n < NICKNAME_MIN || n > NICKNAME_MAX) ? t('member.nicknameRule', { min: NICKNAME_MIN, max: NICKNAME_MAX }) : '';

  const saveNickname = async () => {
    if (nicknameError || !nickname.trim()) return;
    setBusy(true);
    setError('');
    try {
      await memberApi.nickname(nickname.trim());
      await refresh();
      Toast.show({ icon: 'success', content: t('common.saved') });
    } catch (err) {
      if (err instanceof ApiError) setError(err.message);
    } finally {
      setBusy(false);
    }
  };
  const pickAvatar = async (avatarId: string) => {
    try {
      await memberApi.avatar(avatarId);
      await refresh();
      Toast.show({ icon: 'success', content: t('member.avatarChanged') });
    } catch (err) {
      if (err instanceof ApiError) Toast.show({ content: err.message });
    }
  };

  return (
    <div className="bp-page">
      <PageHeader title={t('member.menu.profile')} fallback="/app/member" />
      <div className="bp-page-body">
        <div className="bp-section-title">{t('member.avatar')}</div>
        <div className="bp-card bp-avatar-grid">
          {(avatars?.list ?? []).map((a) => (
            <button key={a.avatarId} className={`bp-avatar-pick${a.avatarId === info?.avatarId ? ' is-current' : ''}`} onClick={() => void pickAvatar(a.avatarId)} aria-label={a.avatarId}>
              <img src={a.url} alt="" />
              {a.avatarId === info?.avatarId ? <CheckOutline className="bp-avatar-check" /> : null}
            </button>
          ))}
        </div>
        <div className="bp-section-title">{t('member.nickname')}</div>
        <div className="bp-card">
          <Input value={nickname} onChange={setNickname} placeholder={t('member.nicknamePlaceholder')} maxLength={NICKNAME_MAX} clearable className="bp-boxed-input" />
          <div className="bp-field-error" role={nicknameError || error ? 'alert' : undefined}>
            {nicknameError || error}
          </div>
          <Button block color="primary" shape="rounded" loading={busy} disabled={!!nicknameError || !nickname.trim() || nickname.trim() === info?.nickname} onClick={() => void saveNickname()}>
            {t('common.save')}
          </Button>
        </div>
        <div className="bp-section-title">{t('member.account')}</div>
        <div className="bp-card bp-member-facts">
          <div className="bp-fact">
            <span className="bp-muted">{t('member.name')}</span>
            <strong>{info?.name}</strong>
          </div>
          <div className="bp-fact">
            <span className="bp-muted">{t('member.grade')}</span>
            <strong>{info?.grade}</strong>
          </div>
        </div>
      </div>
    </div>
  );
}
