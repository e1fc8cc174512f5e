import { Button, Toast } from 'antd-mobile';
import { CheckShieldOutline, MailOutline, PhonebookOutline } from 'antd-mobile-icons';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EMAIL_MAX_LENGTH, checkEmail, checkPhone, maskEmail, type SendCodeData } from '@bp/contract';
import { useFormCall } from '../../shared/api/use-form-call.ts';
import { refreshMemberInfo } from '../../shared/session/member-info.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { Field, FieldError } from '../../shared/ui/Field.tsx';
import { AreaCodeSelect, Resend, SentCode } from '../../shared/ui/code-fields.tsx';
import { maskPhone } from '../../shared/ui/format.ts';
import { MEMBER_INFO_KEY, memberApi, useMemberInfo, type Contact } from './api.ts';
import './member.css';

/**
 * Binding a mobile number or an email (seed 7: sendCode with scene bind, then bind phone or
 * email): the address, a code sent to it, then bound once. A bound one is shown masked; changing
 * it goes through customer service. A bound email is what the forgotten password's email way needs.
 */
function BindContactPage({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const { data: info } = useMemberInfo();
  const bound = !info ? null : contact === 'phone' ? info.phone && `+${info.areaCode ?? '86'} ${maskPhone(info.phone)}` : info.email && maskEmail(info.email);
  return (
    <div className="bp-page">
      <PageHeader title={t(`member.menu.${contact}`)} fallback="/app/member" />
      <div className="bp-page-body">
        {bound ? (
          <div className="bp-card bp-contact-bound">
            <span className="bp-muted">{t(`member.bind.${contact}.bound`)}</span>
            <strong>{bound}</strong>
            <Link to="/cs">{t(`member.bind.${contact}.change`)}</Link>
          </div>
        ) : info ? (
          <BindForm contact={contact} />
        ) : null}
      </div>
    </div>
  );
}

export const BindPhonePage = () => <BindContactPage contact="phone" />;
export const BindEmailPage = () => <BindContactPage contact="email" />;

function BindForm({ contact }: { contact: Contact }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [areaCode, setAreaCode] = useState('86');
  const [address, setAddress] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<SendCodeData | null>(null);
  const { error, setError, busy, run } = useFormCall();
  const phone = contact === 'phone';
  const addressError = !address ? null : phone ? checkPhone(address, areaCode) : checkEmail(address);
  const to = phone ? { contact, phone: address, areaCode } : { contact, email: address };
  const sendCode = () =>
    run(async () => {
      setSent(await memberApi.sendBindCode(to));
      setCode('');
    });
  // Another address (or dialling code) needs a code of its own.
  const changeAddress = (set: (v: string) => void) => (v: string) => {
    set(v.trim());
    setSent(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!address) return setError(phone ? t('auth.phonePlaceholder') : t('member.bind.email.placeholder'));
    if (addressError) return;
    if (!sent) return void sendCode();
    if (!code.trim()) return setError(t('code.placeholder'));
    void run(async () => {
      await memberApi.bind(to, code.trim());
      queryClient.setQueryData(MEMBER_INFO_KEY, await refreshMemberInfo());
      Toast.show({ icon: 'success', content: t(`member.bind.${contact}.done`) });
      navigate('/app/member', { replace: true });
    });
  };

  return (
    <form className="bp-card" onSubmit={submit} noValidate>
      <p className="bp-muted bp-contact-intro">{t(`member.bind.${contact}.intro`)}</p>
      <Field
        name={contact}
        type={phone ? 'tel' : 'email'}
        icon={phone ? <PhonebookOutline /> : <MailOutline />}
        value={address}
        onChange={changeAddress(setAddress)}
        placeholder={phone ? t('auth.phonePlaceholder') : t('member.bind.email.placeholder')}
        maxLength={phone ? 13 : EMAIL_MAX_LENGTH}
        invalid={!!addressError}
        extra={phone ? <AreaCodeSelect value={areaCode} onChange={changeAddress(setAreaCode)} /> : undefined}
      />
      <FieldError text={addressError} />
      {sent ? (
        <>
          <SentCode to={sent.to} sandboxCode={sent.sandboxCode} />
          <Field
            name="code"
            icon={<CheckShieldOutline />}
            value={code}
            onChange={setCode}
            placeholder={t('code.placeholder')}
            maxLength={8}
            extra={<Resend at={sent.resendAt} onResend={() => void sendCode()} />}
          />
        </>
      ) : null}
      <FieldError text={error} />
      <Button type="submit" block color="primary" size="large" shape="rounded" loading={busy}>
        {sent ? t('member.bind.submit') : t('code.sendCode')}
      </Button>
    </form>
  );
}
