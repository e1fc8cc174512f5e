import { Button, Checkbox, Toast } from 'antd-mobile';
import { GiftOutline, LockOutline, PhonebookOutline, CheckShieldOutline, UserOutline } from 'antd-mobile-icons';
import { useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Errors, type RegisterBody } from '@bp/contract';
import { ApiError } from '../../shared/api/request.ts';
import { beginSession } from '../../shared/session/member-info.ts';
import { entryParams } from '../../shared/entry-params.ts';
import { deviceUuid } from '../../shared/storage/device.ts';
import { usePerInfo } from '../../shared/site/site-info.ts';
import { AreaCodeSelect } from '../../shared/ui/code-fields.tsx';
import { authApi, captchaImageUrl } from './api.ts';
import { AuthShell } from './AuthShell.tsx';
import { Field, FieldError } from '../../shared/ui/Field.tsx';
import { canSubmit, registerErrors, type RegisterForm } from './register-rules.ts';

/** Registration with the seed's validation messages as the member types; an invite code from the link is kept. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: site } = usePerInfo();
  const phoneRequired = site?.config?.register_phone_number === '1';
  const captchaRequired = site?.config?.fast_register_verify === '1';
  const invite = useMemo(() => entryParams(), []);
  const [form, setForm] = useState<RegisterForm>({ name: '', password: '', confirm: '', phone: '', areaCode: '86' });
  const [inviteCode, setInviteCode] = useState(invite.i_code ?? '');
  const [captcha, setCaptcha] = useState('');
  const [captchaN, setCaptchaN] = useState(0);
  const [adult, setAdult] = useState(true);
  const [nameState, setNameState] = useState<{ taken?: string; free?: boolean }>({});
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const errors = registerErrors(form, { phoneRequired });
  const set = (key: keyof RegisterForm) => (value: string) => {
    setForm((f) => ({ ...f, [key]: value.trim() }));
    if (key === 'name') setNameState({});
  };

  const checkName = async () => {
    if (!form.name || errors.name) return;
    const answer = await authApi.checkName(form.name).catch(() => null);
    if (answer) setNameState(answer.available ? { free: true } : { taken: answer.msg || Errors.NAME_TAKEN.msg });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!canSubmit(form, errors, { phoneRequired }) || nameState.taken) return setError(t('auth.fixForm'));
    if (!adult) return setError(t('auth.mustBeAdult'));
    if (captchaRequired && !captcha.trim()) return setError(Errors.CAPTCHA_REQUIRED.msg);
    const body: RegisterBody = { name: form.name, password: form.password };
    if (inviteCode.trim()) body.i_code = inviteCode.trim();
    if (invite.r_code) body.r_code = invite.r_code;
    if (form.phone) Object.assign(body, { phone: form.phone, areaCode: form.areaCode });
    if (captchaRequired) Object.assign(body, { captchaId: deviceUuid(), captcha: captcha.trim() });
    setBusy(true);
    setError('');
    try {
      await beginSession(await authApi.register(body));
      Toast.show({ icon: 'success', content: t('auth.registerOk') });
      navigate('/app/home', { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (err.code === Errors.VERIFY_CODE.code || err.code === Errors.CAPTCHA_REQUIRED.code) setCaptchaN((n) => n + 1);
      if (err.code === Errors.NAME_TAKEN.code) setNameState({ taken: err.message });
      if (err.code !== Errors.REQUEST_CLOSED.code) setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell
      heading={t('auth.createAccount')}
      footer={
        <>
          {t('auth.haveAccount')}{' '}
          <Link to="/login" replace>
            {t('auth.loginNow')}
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate>
        <Field
          name="name"
          icon={<UserOutline />}
          value={form.name}
          onChange={set('name')}
          onBlur={() => void checkName()}
          placeholder={t('auth.nameRule')}
          maxLength={16}
          autoComplete="username"
          invalid={!!(errors.name || nameState.taken)}
        />
        <FieldError text={errors.name || nameState.taken} ok={nameState.free ? t('auth.nameFree') : null} />
        <Field
          name="password"
          type="password"
          icon={<LockOutline />}
          value={form.password}
          onChange={set('password')}
          placeholder={t('auth.passwordRule')}
          maxLength={12}
          autoComplete="new-password"
          invalid={!!errors.password}
        />
        <FieldError text={errors.password} />
        <Field
          name="confirm"
          type="password"
          icon={<LockOutline />}
          value={form.confirm}
          onChange={set('confirm')}
          placeholder={t('auth.confirmPlaceholder')}
          maxLength={12}
          autoComplete="new-password"
          invalid={!!errors.confirm}
        />
        <FieldError text={errors.confirm} />
        {phoneRequired && (
          <>
            <Field
              name="phone"
              type="tel"
              icon={<PhonebookOutline />}
              value={form.phone}
              onChange={set('phone')}
              placeholder={t('auth.phonePlaceholder')}
              maxLength={13}
              extra={<AreaCodeSelect value={form.areaCode} onChange={set('areaCode')} />}
              invalid={!!errors.phone}
            />
            <FieldError text={errors.phone} />
          </>
        )}
        <Field
          name="i_code"
          icon={<GiftOutline />}
          value={inviteCode}
          onChange={setInviteCode}
          placeholder={t('auth.invitePlaceholder')}
          maxLength={32}
          readOnly={!!invite.i_code}
          extra={inviteCode ? <span className="bp-field-tag">{t('auth.inviteTag')}</span> : null}
        />
        <FieldError />
        {captchaRequired && (
          <>
            <Field
              name="captcha"
              icon={<CheckShieldOutline />}
              value={captcha}
              onChange={setCaptcha}
              placeholder={t('auth.captchaPlaceholder')}
              maxLength={8}
              extra={<img className="bp-captcha-img" src={captchaImageUrl(captchaN)} alt={t('auth.captchaAlt')} onClick={() => setCaptchaN((n) => n + 1)} />}
            />
            <FieldError />
          </>
        )}
        <Checkbox className="bp-auth-agree" checked={adult} onChange={setAdult}>
          {t('auth.adultAgreement')}
        </Checkbox>
        <FieldError text={error} />
        <Button type="submit" block color="primary" size="large" shape="rounded" loading={busy} className="bp-auth-submit">
          {t('auth.register')}
        </Button>
      </form>
    </AuthShell>
  );
}
