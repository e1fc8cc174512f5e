import { Button, Toast } from 'antd-mobile';
import { LockOutline, CheckShieldOutline, UserOutline } from 'antd-mobile-icons';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Errors, type SendCodeData } from '@bp/contract';
import { ApiError } from '../../shared/api/request.ts';
import { beginSession, safeReturnPath } from '../../shared/session/member-info.ts';
import { CHANGE_PASSWORD_PATH } from '../../shared/session/login-required.tsx';
import { useFormCall } from '../../shared/api/use-form-call.ts';
import { usePageSeries } from '../../shared/theme/theme-state.tsx';
import { authApi, captchaImageUrl } from './api.ts';
import { AuthShell } from './AuthShell.tsx';
import { Field, FieldError } from '../../shared/ui/Field.tsx';
import { Resend, SentCode } from '../../shared/ui/code-fields.tsx';

/** Seed 2: /login (optional fromPage), and /entry/login, the same screen in the fresh theme's look. */
export function LoginPage() {
  return <LoginScreen />;
}

export function EntryLoginPage() {
  usePageSeries('fresh');
  return <LoginScreen />;
}

function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [captcha, setCaptcha] = useState('');
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
  const [smsCode, setSmsCode] = useState('');

  const newPicture = () => {
    setNeedCaptcha(true);
    setCaptcha('');
    setCaptchaN((n) => n + 1);
  };
  const changeName = (value: string) => {
    setName(value);
    setDormantNote(null);
    setWakeSms(null);
  };
  const sendWakeCode = () =>
    run(async () => {
      setWakeSms(await authApi.sendWakeCode(name));
      setSmsCode('');
    });

  /** The account sleeps: the member wakes it here, with the picture's code or an SMS, and is logged in. */
  const askToWake = async (err: ApiError) => {
    const days = await authApi.memberSleep(name).then(
      (d) => d.sleepDays,
      () => null,
    );
    setDormantNote(days ? t('auth.dormantNotice', { days }) : err.message);
    newPicture();
  };

  const enter = async () => {
    const session = dormant
      ? await authApi.activate(name, password, wakeSms ? { smsCode: smsCode.trim() } : { captcha: captcha.trim() })
      : await authApi.login({ name, password, captcha: needCaptcha ? captcha.trim() : undefined });
    const info = await beginSession(session);
    Toast.show({ icon: 'success', content: t(dormant ? 'auth.activated' : 'auth.loginOk') });
    navigate(info.mustChangePassword ? CHANGE_PASSWORD_PATH : safeReturnPath(params.get('fromPage')), { replace: true });
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || !password) return setError(t('auth.fillBoth'));
    if (wakeSms && !smsCode.trim()) return setError(t('code.placeholder'));
    if (needCaptcha && !wakeSms && !captcha.trim()) return setError(Errors.CAPTCHA_REQUIRED.msg);
    void run(() =>
      enter().catch((err: unknown) => {
        if (err instanceof ApiError && err.code === Errors.MEMBER_DORMANT.code) return askToWake(err);
        throw err;
      }),
    );
  };

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
        <Field
          name="name"
          icon={<UserOutline />}
          value={name}
          onChange={changeName}
          placeholder={t('auth.namePlaceholder')}
          maxLength={16}
          autoComplete="username"
        />
        <Field
          name="password"
          type="password"
          icon={<LockOutline />}
          value={password}
          onChange={setPassword}
          placeholder={t('auth.passwordPlaceholder')}
          maxLength={12}
          autoComplete="current-password"
        />
        {wakeSms ? (
          <>
            <SentCode to={wakeSms.to} sandboxCode={wakeSms.sandboxCode} />
            <Field
              name="smsCode"
              icon={<CheckShieldOutline />}
              value={smsCode}
              onChange={setSmsCode}
              placeholder={t('code.placeholder')}
              maxLength={8}
              extra={<Resend at={wakeSms.resendAt} onResend={() => void sendWakeCode()} />}
            />
          </>
        ) : (
          needCaptcha && (
            <Field
              name="captcha"
              icon={<CheckShieldOutline />}
              value={captcha}
              onChange={setCaptcha}
              placeholder={t('auth.captchaPlaceholder')}
              maxLength={8}
              extra={<img className="bp-captcha-img" src={captchaImageUrl(captchaN)} alt={t('auth.captchaAlt')} onClick={() => setCaptchaN((n) => n + 1)} />}
            />
          )
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
