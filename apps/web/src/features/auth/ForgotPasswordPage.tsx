import { Button, Dialog, Steps, Tabs } from 'antd-mobile';
import { LockOutline, MailOutline, PhonebookOutline, CheckShieldOutline, UserOutline } from 'antd-mobile-icons';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Errors, checkPhone, passwordMessage, type ForgetChannel } from '@bp/contract';
import { useFormCall } from '../../shared/api/use-form-call.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { authApi } from './api.ts';
import { Field, FieldError } from '../../shared/ui/Field.tsx';
import { Resend, SentCode } from '../../shared/ui/code-fields.tsx';
import './auth.css';

type Sent = Awaited<ReturnType<typeof authApi.forgetStep1>>;

/** Forgotten password by phone or email, in the seed's three steps: who, the code, the new password. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [channel, setChannel] = useState<ForgetChannel>('phone');
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [who, setWho] = useState({ name: '', phone: '', email: '' });
  const [sent, setSent] = useState<Sent | null>(null);
  const [code, setCode] = useState('');
  const [verified, setVerified] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // A reset ticket no longer valid starts the steps again.
  const { error, setError, busy, run } = useFormCall((err) => err.code === Errors.RESET_TICKET_INVALID.code && setStep(1));

  const whoError = who.name && channel === 'phone' && who.phone ? checkPhone(who.phone) : null;
  const sendCode = () =>
    run(async () => {
      const body = channel === 'phone' ? { name: who.name, phone: who.phone } : { name: who.name, email: who.email };
      setSent(await authApi.forgetStep1(channel, body));
      setStep(2);
    });
  const step1 = (e: FormEvent) => {
    e.preventDefault();
    if (!who.name || (channel === 'phone' ? !who.phone : !who.email)) return setError(t('auth.fillAll'));
    if (!whoError) void sendCode();
  };
  const step2 = (e: FormEvent) => {
    e.preventDefault();
    if (!code.trim()) return setError(t('code.placeholder'));
    void run(async () => {
      setVerified((await authApi.forgetStep2(channel, sent!.ticket, code.trim())).ticket);
      setStep(3);
    });
  };
  const passwordError = password ? passwordMessage(password, who.name) : null;
  const confirmError = confirm && confirm !== password ? t('auth.mismatch') : null;
  const step3 = (e: FormEvent) => {
    e.preventDefault();
    if (!password || passwordError || confirmError || !confirm) return setError(passwordError ?? confirmError ?? t('auth.fillAll'));
    void run(async () => {
      await authApi.forgetStep3(channel, verified, password);
      await Dialog.alert({ content: t('forgot.done'), confirmText: t('auth.toLogin') });
      navigate('/login', { replace: true });
    });
  };

  return (
    <div className="bp-page bp-forgot">
      <PageHeader title={t('forgot.title')} fallback="/login" />
      <Steps current={step - 1} className="bp-forgot-steps">
        <Steps.Step title={t('forgot.step1')} />
        <Steps.Step title={t('forgot.step2')} />
        <Steps.Step title={t('forgot.step3')} />
      </Steps>
      <div className="bp-page-body">
        {step === 1 && (
          <form className="bp-card" onSubmit={step1} noValidate>
            <Tabs activeKey={channel} onChange={(k) => setChannel(k as ForgetChannel)} className="bp-forgot-tabs">
              <Tabs.Tab key="phone" title={t('forgot.byPhone')} />
              <Tabs.Tab key="email" title={t('forgot.byEmail')} />
            </Tabs>
            <Field
              name="name"
              icon={<UserOutline />}
              value={who.name}
              onChange={(v) => setWho({ ...who, name: v.trim() })}
              placeholder={t('auth.namePlaceholder')}
              maxLength={16}
            />
            <FieldError />
            {channel === 'phone' ? (
              <Field
                name="phone"
                type="tel"
                icon={<PhonebookOutline />}
                value={who.phone}
                onChange={(v) => setWho({ ...who, phone: v.trim() })}
                placeholder={t('forgot.phonePlaceholder')}
                maxLength={13}
                invalid={!!whoError}
              />
            ) : (
              <Field
                name="email"
                type="email"
                icon={<MailOutline />}
                value={who.email}
                onChange={(v) => setWho({ ...who, email: v.trim() })}
                placeholder={t('forgot.emailPlaceholder')}
                maxLength={64}
              />
            )}
            <FieldError text={whoError || error} />
            <Button type="submit" block color="primary" size="large" shape="rounded" loading={busy}>
              {t('code.sendCode')}
            </Button>
          </form>
        )}
        {step === 2 && sent && (
          <form className="bp-card" onSubmit={step2} noValidate>
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
            <FieldError text={error} />
            <Button type="submit" block color="primary" size="large" shape="rounded" loading={busy}>
              {t('common.next')}
            </Button>
          </form>
        )}
        {step === 3 && (
          <form className="bp-card" onSubmit={step3} noValidate>
            <Field
              name="password"
              type="password"
              icon={<LockOutline />}
              value={password}
              onChange={setPassword}
              placeholder={t('auth.passwordRule')}
              maxLength={12}
              autoComplete="new-password"
              invalid={!!passwordError}
            />
            <FieldError text={passwordError} />
            <Field
              name="confirm"
              type="password"
              icon={<LockOutline />}
              value={confirm}
              onChange={setConfirm}
              placeholder={t('auth.confirmPlaceholder')}
              maxLength={12}
              autoComplete="new-password"
              invalid={!!confirmError}
            />
            <FieldError text={confirmError || error} />
            <Button type="submit" block color="primary" size="large" shape="rounded" loading={busy}>
              {t('forgot.reset')}
            </Button>
          </form>
        )}
      </div>
    </div>
  );
}
