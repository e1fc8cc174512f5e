import { Button, Dialog, Steps, Tabs } from 'antd-mobile';
import { LockOutline, MailOutline, PhonebookOutline, CheckShieldOutline, UserOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import i18n from 'i18next';
import { z } from 'zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Errors, checkPhone, passwordMessage, type ForgetChannel } from '@bp/contract';
import { useFormCall } from '../../shared/api/use-form-call.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { authApi } from './api.ts';
import { FieldError } from '../../shared/ui/Field.tsx';
import { FormField } from '../../shared/ui/FormField.tsx';
import { useRulesForm } from '../../shared/ui/use-rules-form.ts';
import { Resend, SentCode } from '../../shared/ui/code-fields.tsx';
import './auth.css';

type Sent = Awaited<ReturnType<typeof authApi.forgetStep1>>;

/** The three steps' fields; a message shows as soon as a typed value breaks the contract's rule, never for an empty one. */
const forgotSchema = z
  .object({
    channel: z.enum(['phone', 'email']),
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    code: z.string(),
    password: z.string(),
    confirm: z.string(),
  })
  .superRefine((f, ctx) => {
    const problem = (path: keyof typeof f, message: string | null) => message && ctx.addIssue({ code: 'custom', path: [path], message });
    if (f.name && f.channel === 'phone' && f.phone) problem('phone', checkPhone(f.phone));
    if (f.password) problem('password', passwordMessage(f.password, f.name));
    if (f.confirm && f.confirm !== f.password) problem('confirm', i18n.t('auth.mismatch'));
  });
type ForgotForm = z.infer<typeof forgotSchema>;

/** Forgotten password by phone or email, in the seed's three steps: who, the code, the new password. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { control, handleSubmit, watch, setValue, trigger, formState } = useRulesForm<ForgotForm>(forgotSchema, {
    channel: 'phone',
    name: '',
    phone: '',
    email: '',
    code: '',
    password: '',
    confirm: '',
  });
  const { channel, name, phone, email, code, password, confirm } = watch();
  const [step, setStep] = useState<1 | 2 | 3>(1);
  const [sent, setSent] = useState<Sent | null>(null);
  const [verified, setVerified] = useState('');
  // A reset ticket no longer valid starts the steps again.
  const { error, setError, busy, run } = useFormCall((err) => err.code === Errors.RESET_TICKET_INVALID.code && setStep(1));

  const { errors } = formState;
  const whoError = errors.phone?.message;
  const passwordError = errors.password?.message;
  const confirmError = errors.confirm?.message;
  const sendCode = () =>
    run(async () => {
      const body = channel === 'phone' ? { name, phone } : { name, email };
      setSent(await authApi.forgetStep1(channel, body));
      setStep(2);
    });
  const whoMissing = () => !name || (channel === 'phone' ? !phone : !email);
  // A wrong phone stops the first step with its message already in view.
  const step1 = handleSubmit(
    () => (whoMissing() ? setError(t('auth.fillAll')) : void sendCode()),
    () => whoMissing() && setError(t('auth.fillAll')),
  );
  const step2 = handleSubmit(() => {
    if (!code.trim()) return setError(t('code.placeholder'));
    void run(async () => {
      setVerified((await authApi.forgetStep2(channel, sent!.ticket, code.trim())).ticket);
      setStep(3);
    });
  });
  const step3 = handleSubmit(
    () => {
      if (!password || !confirm) return setError(t('auth.fillAll'));
      void run(async () => {
        await authApi.forgetStep3(channel, verified, password);
        await Dialog.alert({ content: t('forgot.done'), confirmText: t('auth.toLogin') });
        navigate('/login', { replace: true });
      });
    },
    (invalid) => setError(invalid.password?.message ?? invalid.confirm?.message ?? t('auth.fillAll')),
  );
  const pickChannel = (next: ForgetChannel) => {
    setValue('channel', next);
    void trigger('phone');
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
            <Tabs activeKey={channel} onChange={(k) => pickChannel(k as ForgetChannel)} className="bp-forgot-tabs">
              <Tabs.Tab key="phone" title={t('forgot.byPhone')} />
              <Tabs.Tab key="email" title={t('forgot.byEmail')} />
            </Tabs>
            <FormField
              control={control}
              name="name"
              trim
              deps={['phone', 'password']}
              icon={<UserOutline />}
              placeholder={t('auth.namePlaceholder')}
              maxLength={16}
            />
            <FieldError />
            {channel === 'phone' ? (
              <FormField
                control={control}
                name="phone"
                trim
                type="tel"
                icon={<PhonebookOutline />}
                placeholder={t('forgot.phonePlaceholder')}
                maxLength={13}
                invalid={!!whoError}
              />
            ) : (
              <FormField control={control} name="email" trim type="email" icon={<MailOutline />} placeholder={t('forgot.emailPlaceholder')} maxLength={64} />
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
            <FormField
              control={control}
              name="code"
              icon={<CheckShieldOutline />}
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
            <FormField
              control={control}
              name="password"
              deps={['confirm']}
              type="password"
              icon={<LockOutline />}
              placeholder={t('auth.passwordRule')}
              maxLength={12}
              autoComplete="new-password"
              invalid={!!passwordError}
            />
            <FieldError text={passwordError} />
            <FormField
              control={control}
              name="confirm"
              type="password"
              icon={<LockOutline />}
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
