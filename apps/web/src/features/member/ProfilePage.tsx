import { Button, DatePicker, Dialog, Input, TextArea, Toast } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ADDRESS_MAX, ADDRESS_MIN, EARLIEST_BIRTHDAY, NICKNAME_MAX, NICKNAME_MIN, charCount, latestBirthday } from '@bp/contract';
import { ApiError } from '../../shared/api/request.ts';
import { useFormCall } from '../../shared/api/use-form-call.ts';
import { refreshMemberInfo } from '../../shared/session/member-info.ts';
import { serverClock } from '../../shared/time/server-time.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { FieldError } from '../../shared/ui/Field.tsx';
import { formatDateTime } from '../../shared/ui/format.ts';
import { MEMBER_INFO_KEY, memberApi, useAvatars, useMemberInfo } from './api.ts';
import './member.css';

/** Reads the member info again after a change, so every screen shows the new value. */
function useRefreshInfo() {
  const queryClient = useQueryClient();
  return async () => queryClient.setQueryData(MEMBER_INFO_KEY, await refreshMemberInfo());
}

/** Avatar, nickname, birthday and postal address (seed 3: member info), changed in place. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { data: info } = useMemberInfo();
  const { data: avatars } = useAvatars();
  const refresh = useRefreshInfo();
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
        <NicknameCard current={info?.nickname ?? ''} />
        <div className="bp-section-title">{t('member.birthday')}</div>
        {info ? <BirthdayCard birthday={info.birthday} /> : null}
        <div className="bp-section-title">{t('member.address')}</div>
        <AddressCard current={info?.address ?? ''} />
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

/** A text the member edits and saves: kept in step with the saved value, checked as typed. */
function useSavedText(current: string) {
  const [text, setText] = useState('');
  useEffect(() => setText(current), [current]);
  return [text, setText] as const;
}

function NicknameCard({ current }: { current: string }) {
  const { t } = useTranslation();
  const refresh = useRefreshInfo();
  const [nickname, setNickname] = useSavedText(current);
  const { error, busy, run } = useFormCall();
  const n = charCount(nickname.trim());
  const rule = nickname && (n < NICKNAME_MIN || n > NICKNAME_MAX) ? t('member.nicknameRule', { min: NICKNAME_MIN, max: NICKNAME_MAX }) : '';
  const save = () =>
    run(async () => {
      await memberApi.nickname(nickname.trim());
      await refresh();
      Toast.show({ icon: 'success', content: t('common.saved') });
    });
  return (
    <div className="bp-card">
      <Input value={nickname} onChange={setNickname} placeholder={t('member.nicknamePlaceholder')} maxLength={NICKNAME_MAX} clearable className="bp-boxed-input" />
      <FieldError text={rule || error} />
      <Button block color="primary" shape="rounded" loading={busy} disabled={!!rule || !nickname.trim() || nickname.trim() === current} onClick={() => void save()}>
        {t('common.save')}
      </Button>
    </div>
  );
}

const dayOf = (d: Date) => `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
const dateOf = (day: string) => new Date(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));

/** The birthday is given once, at least 18 years ago by the server's calendar, after a confirmation. */
function BirthdayCard({ birthday }: { birthday: string | null }) {
  const { t } = useTranslation();
  const refresh = useRefreshInfo();
  const [picking, setPicking] = useState(false);
  const { error, run } = useFormCall();
  if (birthday) {
    return (
      <div className="bp-card bp-profile-line">
        <strong>{birthday}</strong>
        <span className="bp-muted">{t('member.birthdayOnce')}</span>
      </div>
    );
  }
  const latest = latestBirthday(formatDateTime(serverClock.now()).slice(0, 10));
  const confirm = async (picked: Date) => {
    const day = dayOf(picked);
    if (!(await Dialog.confirm({ content: t('member.birthdayConfirm', { day }), cancelText: t('common.cancel'), confirmText: t('common.confirm') }))) return;
    await run(async () => {
      await memberApi.birthday(day);
      await refresh();
      Toast.show({ icon: 'success', content: t('common.saved') });
    });
  };
  return (
    <div className="bp-card">
      <p className="bp-muted bp-contact-intro">{t('member.birthdayIntro')}</p>
      <FieldError text={error} />
      <Button block color="primary" fill="outline" shape="rounded" onClick={() => setPicking(true)}>
        {t('member.birthdayPick')}
      </Button>
      <DatePicker
        title={t('member.birthday')}
        visible={picking}
        onClose={() => setPicking(false)}
        min={dateOf(EARLIEST_BIRTHDAY)}
        max={dateOf(latest)}
        defaultValue={dateOf(`${Number(latest.slice(0, 4)) - 12}-01-01`)}
        renderLabel={(unit, n) => t(`member.birthdayUnit.${unit}`, { n })}
        onConfirm={(picked) => void confirm(picked)}
      />
    </div>
  );
}

function AddressCard({ current }: { current: string }) {
  const { t } = useTranslation();
  const refresh = useRefreshInfo();
  const [address, setAddress] = useSavedText(current);
  const { error, busy, run } = useFormCall();
  const n = charCount(address.trim());
  const rule = address.trim() && (n < ADDRESS_MIN || n > ADDRESS_MAX) ? t('member.addressRule', { min: ADDRESS_MIN, max: ADDRESS_MAX }) : '';
  const save = () =>
    run(async () => {
      await memberApi.address(address.trim());
      await refresh();
      Toast.show({ icon: 'success', content: t('common.saved') });
    });
  return (
    <div className="bp-card">
      <TextArea value={address} onChange={setAddress} placeholder={t('member.addressPlaceholder')} maxLength={ADDRESS_MAX} rows={2} autoSize={{ minRows: 2, maxRows: 4 }} className="bp-boxed-input" />
      <FieldError text={rule || error} />
      <Button block color="primary" shape="rounded" loading={busy} disabled={!!rule || !address.trim() || address.trim() === current} onClick={() => void save()}>
        {t('common.save')}
      </Button>
    </div>
  );
}
