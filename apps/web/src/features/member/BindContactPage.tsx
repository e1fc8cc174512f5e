import { Button, Toast } from 'antd-mobile';
import { CheckShieldOutline, PhonebookOutline } from 'antd-mobile-icons';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { checkPhone, type SendCodeData } from '@bp/contract';
import { useFormCall } from '../../shared/api/use-form-call.ts';
import { refreshMemberInfo } from '../../shared/session/member-info.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { Field, FieldError } from '../../shared/ui/Field.tsx';
import { AreaCodeSelect, Resend, SentCode } from '../../shared/ui/code-fields.tsx';
import { maskPhone } from '../../shared/ui/format.ts';
import { MEMBER_INFO_KEY, memberApi, useMemberInfo } from './api.ts';
import './member.css';

/**
 * Binding a mobile number (seed 7: sendCode with scene bind, then bind phone): the number and its
 * dialling code, a code sent to it, then bound once. A bound number is shown masked; changing it
 * goes through customer service.
 */
export function BindPhonePage() {
  const { t } = useTranslation();
  const { data: info } = useMemberInfo();
  return (
    <div className="bp-page">
      <PageHeader title={t('member.menu.phone')} fallback="/app/member" />
      <div className="bp-page-body">
        {info?.phone ? (
          <div className="bp-card bp-phone-bound">
            <span className="bp-muted">{t('member.phoneBound')}</span>
            <strong>
              +{info.areaCode ?? '86'} {maskPhone(info.phone)}
            </strong>
            <Link to="/cs">{t('member.phoneChange')}</Link>
          </div>
        ) : info ? (
          <BindPhoneForm />
        ) : null}
      </div>
    </div>
  );
}

function BindPhoneForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [areaCode, setAreaCode] = useState('86');
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<SendCodeData | null>(null);
  const { error, setError, busy, run } = useFormCall();
  const phoneError = phone ? checkPhone(phone, areaCode) : null;
  const sendCode = () =>
    run(async () => {
      setSent(await memberApi.sendBindCode(phone, areaCode));
      setCode('');
    });
  const changeNumber = (set: (v: string) => void) => (v: string) => {
    set(v.trim());
    setSent(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!phone) return setError(t('auth.phonePlaceholder'));
    if (phoneError) return;
    if (!sent) return void sendCode();
    if (!code.trim()) return setError(t('code.placeholder'));
    void run(async () => {
      await memberApi.bindPhone(phone, areaCode, code.trim());
      queryClient.setQueryData(MEMBER_INFO_KEY, await refreshMemberInfo());
      Toast.show({ icon: 'success', content: t('member.phoneBoundOk') });
      navigate('/app/member', { replace: true });
    });
  };

  return (
    <form className="bp-card" onSubmit={submit} noValidate>
      <p className="bp-muted bp-phone-intro">{t('member.bindIntro')}</p>
      <Field
        name="phone"
        type="tel"
        icon={<PhonebookOutline />}
        value={phone}
        onChange={changeNumber(setPhone)}
        placeholder={t('auth.phonePlaceholder')}
        maxLength={13}
        invalid={!!phoneError}
        extra={<AreaCodeSelect value={areaCode} onChange={changeNumber(setAreaCode)} />}
      />
      <FieldError text={phoneError} />
      {sent ? (
        <>
          <SentCode to={sent.to} sandboxCode={sent.sandboxCode} />
          <Field name="code" icon={<CheckShieldOutline />} value={code} onChange={setCode} placeholder={t('code.placeholder')} maxLength={8} extra={<Resend at={sent.resendAt} onResend={() => void sendCode()} />} />
        </>
      ) : null}
      <FieldError text={error} />
      <Button type="submit" block color="primary" size="large" shape="rounded" loading={busy}>
        {sent ? t('member.bindPhone') : t('code.sendCode')}
      </Button>
    </form>
  );
}
