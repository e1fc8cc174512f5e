import { Button, Toast } from 'antd-mobile';
import { LockOutline, CheckShieldOutline, UserOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import i18n from 'i18next';
import { z } from 'zod';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Errors, type SendCodeData } from '@bp/contract';
import { ApiError } from '../../shared/api/request.ts';
import { beginSession, safeReturnPath } from '../../shared/session/member-info.ts';
import { CHANGE_PASSWORD_PATH } from '../../shared/session/login-required.tsx';
import { useFormCall } from '../../shared/api/use-form-call.ts';
import { usePageSeries } from '../../shared/theme/theme-state.tsx';
import { authApi } from './api.ts';
import { AuthShell } from './AuthShell.tsx';
import { CaptchaField } from './CaptchaField.tsx';
import { FieldError } from '../../shared/ui/Field.tsx';
import { FormField } from '../../shared/ui/FormField.tsx';
import { useRulesForm } from '../../shared/ui/use-rules-form.ts';
import { Resend, SentCode } from '../../shared/ui/code-fields.tsx';

/** Seed 2: /login (optional fromPage), and /entry/login, the same screen in the fresh theme's look. */
export function LoginPage() {
  return <LoginScreen />;
}

export function EntryLoginPage() {
  usePageSeries('fresh');
  return <LoginScreen />;
}

/** What the login asks for: name and password, and the code of the picture or of the SMS when one is shown. */
const loginSchema = (ask: { captcha: boolean; sms: boolean }) =>
  z.object({ name: z.string(), password: z.string(), captcha: z.string(), smsCode: z.string() }).superRefine((f, ctx) => {
    const missing = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!f.name.trim() || !f.password) missing('name', i18n.t('auth.fillBoth'));
    if (ask.sms && !f.smsCode.trim()) missing('smsCode', i18n.t('code.placeholder'));
    if (ask.captcha && !ask.sms && !f.captcha.trim()) missing('captcha', Errors.CAPTCHA_REQUIRED.msg);
  });
type LoginForm = z.infer<ReturnType<typeof loginSchema>>;

function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [captchaN, setCaptchaN] = useState(0);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  // A wrong or missing picture code: a new picture to read.
  const { error, setError, busy, run } = useFormCall(
    (err) => (err.code === Errors.CAPTCHA_REQUIRED.code || err.code === Errors.VERIFY_CODE.code) && newPicture(),
  );
  // What the member is told once login says the account sleeps: the form then wakes it.
  const [dormantNote, setDormantNote] = useState<string | null>(null);
  const dormant = dormantNote !== null;
  // Waking by a code sent to the bound phone instead of the picture: the code as sent.
  const [wakeSms, setWakeSms] = useState<SendCodeData | null>(null);
  const { control, handleSubmit, setValue, getValues } = useRulesForm<LoginForm>(loginSchema({ captcha: needCaptcha, sms: !!wakeSms }), {
    name: '',
    password: '',
    captcha: '',
    smsCode: '',
  });

  const newPicture = () => {
    setNeedCaptcha(true);
    setValue('captcha', '');
    setCaptchaN((n) => n + 1);
  };
  const changeName = () => {
    setDormantNote(null);
    setWakeSms(null);
  };
  const sendWakeCode = () =>
    run(async () => {
      setWakeSms(await authApi.sendWakeCode(getValues('name')));
      setValue('smsCode', '');
    });

  /** The account sleeps: the member wakes it here, with the picture's code or an SMS, and is logged in. */
  const askToWake = async (err: ApiError) => {
    const days = await authApi.memberSleep(getValues('name')).then(
      (d) => d.sleepDays,
      () => null,
    );
    setDormantNote(days ? t('auth.dormantNotice', { days }) : err.message);
    newPicture();
  };

  const enter = async ({ name, password, captcha, smsCode }: LoginForm) => {
    const session = dormant
      ? await authApi.activate(name, password, wakeSms ? { smsCode: smsCode.trim() } : { captcha: captcha.trim() })
      : await authApi.login({ name, password, captcha: needCaptcha ? captcha.trim() : undefined });
    const info = await beginSession(session);
    Toast.show({ icon: 'success', content: t(dormant ? 'auth.activated' : 'auth.loginOk') });
    navigate(info.mustChangePassword ? CHANGE_PASSWORD_PATH : safeReturnPath(params.get('fromPage')), { replace: true });
  };

  const submit = handleSubmit(
    (form) =>
      void run(() =>
        enter(form).catch((err: unknown) => {
          if (err instanceof ApiError && err.code === Errors.MEMBER_DORMANT.code) return askToWake(err);
          throw err;
        }),
      ),
    (missing) => setError(missing.name?.message ?? missing.smsCode?.message ?? missing.captcha?.message ?? ''),
  );

  return (
    <AuthShell
      heading={t(dormant ? 'auth.activateTitle' : 'auth.welcomeBack')}
      footer={
        <>
          <Link to="/app/home" replace>
            {t('auth.browseFirst')}
          </Link>
          <span className="bp-auth-dot">·</span>
          <Link to="/cs">{t('status.contactCs')}</Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        {dormant ? <p className="bp-auth-notice">{dormantNote}</p> : null}
        <FormField
          control={control}
          name="name"
          icon={<UserOutline />}
          onChange={changeName}
          placeholder={t('auth.namePlaceholder')}
          maxLength={16}
          autoComplete="username"
        />
        <FormField
          control={control}
          name="password"
          type="password"
          icon={<LockOutline />}
          placeholder={t('auth.passwordPlaceholder')}
          maxLength={12}
          autoComplete="current-password"
        />
        {wakeSms ? (
          <>
            <SentCode to={wakeSms.to} sandboxCode={wakeSms.sandboxCode} />
            <FormField
              control={control}
              name="smsCode"
              icon={<CheckShieldOutline />}
              placeholder={t('code.placeholder')}
              maxLength={8}
              extra={<Resend at={wakeSms.resendAt} onResend={() => void sendWakeCode()} />}
            />
          </>
        ) : (
          needCaptcha && <CaptchaField control={control} drawn={captchaN} redraw={() => setCaptchaN((n) => n + 1)} />
        )}
        <FieldError text={error} />
        <div className="bp-auth-row">
          {dormant ? (
            <button type="button" className="bp-auth-link" onClick={() => (wakeSms ? setWakeSms(null) : void sendWakeCode())}>
              {t(wakeSms ? 'auth.wakeByPicture' : 'auth.wakeBySms')}
            </button>
          ) : (
            <span />
          )}
          <Link to="/forgot-password">{t('auth.forgot')}</Link>
        </div>
        <Button type="submit" block color="primary" size="large" shape="rounded" loading={busy} className="bp-auth-submit">
          {t(dormant ? 'auth.activate' : 'auth.login')}
        </Button>
        <Button
          block
          fill="outline"
          size="large"
          shape="rounded"
          className="bp-auth-alt"
          onClick={() => navigate(`/register${params.toString() ? `?${params}` : ''}`)}
        >
          {t('auth.registerNow')}
        </Button>
      </form>
    </AuthShell>
  );
}
