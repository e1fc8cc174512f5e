import { Button, DatePicker, Dialog, Input, TextArea, Toast } from 'antd-mobile';
import { CheckOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ADDRESS_MAX, ADDRESS_MIN, EARLIEST_BIRTHDAY, NICKNAME_MAX, NICKNAME_MIN, charCount, latestBirthday } from '@bp/contract';
import { useAction } from '../../shared/api/use-action.ts';
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
  const { run: pickAvatar } = useAction(
    async (avatarId: string) => {
      await memberApi.avatar(avatarId);
      await refresh();
    },
    { done: () => Toast.show({ icon: 'success', content: t('member.avatarChanged') }), refused: (err) => Toast.show({ content: err.message }) },
  );

  return (
    <div className="bp-page">
      <PageHeader title={t('member.menu.profile')} fallback="/app/member" />
      <div className="bp-page-body">
        <div className="bp-section-title">{t('member.avatar')}</div>
        <div className="bp-card bp-avatar-grid">
          {(avatars?.list ?? []).map((a) => (
            <button
              key={a.avatarId}
              className={`bp-avatar-pick${a.avatarId === info?.avatarId ? ' is-current' : ''}`}
              onClick={() => void pickAvatar(a.avatarId)}
              aria-label={a.avatarId}
            >
              <img src={a.url} alt="" />
              {a.avatarId === info?.avatarId ? <CheckOutline className="bp-avatar-check" /> : null}
            </button>
          ))}
        </div>
        <div className="bp-section-title">{t('member.nickname')}</div>
        <TextSetting current={info?.nickname ?? ''} kind={NICKNAME} />
        <div className="bp-section-title">{t('member.birthday')}</div>
        {info ? <BirthdayCard birthday={info.birthday} /> : null}
        <div className="bp-section-title">{t('member.address')}</div>
        <TextSetting current={info?.address ?? ''} kind={ADDRESS} />
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

interface TextKind {
  limits: { min: number; max: number };
  /** i18n keys of the length rule and the placeholder. */
  ruleKey: string;
  placeholderKey: string;
  save(text: string): Promise<unknown>;
  multiline?: boolean;
}
const NICKNAME: TextKind = {
  limits: { min: NICKNAME_MIN, max: NICKNAME_MAX },
  ruleKey: 'member.nicknameRule',
  placeholderKey: 'member.nicknamePlaceholder',
  save: memberApi.nickname,
};
const ADDRESS: TextKind = {
  limits: { min: ADDRESS_MIN, max: ADDRESS_MAX },
  ruleKey: 'member.addressRule',
  placeholderKey: 'member.addressPlaceholder',
  save: memberApi.address,
  multiline: true,
};

/** A text the member edits and saves: kept in step with the saved value, checked as typed against its length rule. */
function TextSetting({ current, kind }: { current: string; kind: TextKind }) {
  const { t } = useTranslation();
  const refresh = useRefreshInfo();
  const [text, setText] = useState('');
  useEffect(() => setText(current), [current]);
  const { error, busy, run } = useFormCall();
  const value = text.trim();
  const n = charCount(value);
  const rule = value && (n < kind.limits.min || n > kind.limits.max) ? t(kind.ruleKey, kind.limits) : '';
  const submit = () =>
    run(async () => {
      await kind.save(value);
      await refresh();
      Toast.show({ icon: 'success', content: t('common.saved') });
    });
  const field = { value: text, onChange: setText, placeholder: t(kind.placeholderKey), maxLength: kind.limits.max, className: 'bp-boxed-input' };
  return (
    <div className="bp-card">
      {kind.multiline ? <TextArea {...field} autoSize={{ minRows: 2, maxRows: 4 }} /> : <Input {...field} clearable />}
      <FieldError text={rule || error} />
      <Button block color="primary" shape="rounded" loading={busy} disabled={!!rule || !value || value === current} onClick={() => void submit()}>
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
