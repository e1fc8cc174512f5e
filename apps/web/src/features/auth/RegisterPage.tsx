import { Button, Toast } from 'antd-mobile';
import { GiftOutline, LockOutline, PhonebookOutline, UserOutline } from 'antd-mobile-icons';
import { useMemo, useState } from 'react';
import { useController } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Errors, type RegisterBody } from '@bp/contract';
import { useFormCall } from '../../shared/api/use-form-call.ts';
import { beginSession } from '../../shared/session/member-info.ts';
import { entryParams } from '../../shared/entry-params.ts';
import { deviceUuid } from '../../shared/storage/device.ts';
import { usePerInfo } from '../../shared/site/site-info.ts';
import { AreaCodeSelect } from '../../shared/ui/code-fields.tsx';
import { authApi } from './api.ts';
import { AuthShell } from './AuthShell.tsx';
import { TermsConsent } from './TermsConsent.tsx';
import { CaptchaField } from './CaptchaField.tsx';
import { FieldError } from '../../shared/ui/Field.tsx';
import { FormField } from '../../shared/ui/FormField.tsx';
import { useRulesForm } from '../../shared/ui/use-rules-form.ts';
import { registerSchema, type RegisterForm } from './register-rules.ts';

/** Registration with the seed's validation messages as the member types; an invite code from the link is kept. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: site } = usePerInfo();
  const phoneRequired = site?.config?.register_phone_number === '1';
  const captchaRequired = site?.config?.fast_register_verify === '1';
  const invite = useMemo(() => entryParams(), []);
  const { control, handleSubmit, watch, setValue, trigger, formState } = useRulesForm<RegisterForm>(registerSchema({ phoneRequired }), {
    name: '',
    password: '',
    confirm: '',
    phone: '',
    areaCode: '86',
    i_code: invite.i_code ?? '',
    captcha: '',
    adult: false,
  });
  const errors = formState.errors;
  const adult = useController({ control, name: 'adult' }).field;
  const [captchaN, setCaptchaN] = useState(0);
  const [nameState, setNameState] = useState<{ taken?: string; free?: boolean }>({});
  const { error, setError, busy, run } = useFormCall((err) => {
    if (err.code === Errors.VERIFY_CODE.code || err.code === Errors.CAPTCHA_REQUIRED.code) setCaptchaN((n) => n + 1);
    if (err.code === Errors.NAME_TAKEN.code) setNameState({ taken: err.message });
  });
  const name = watch('name');
  const inviteCode = watch('i_code');

  const checkName = async () => {
    if (!name || errors.name) return;
    const answer = await authApi.checkName(name).catch(() => null);
    if (answer) setNameState(answer.available ? { free: true } : { taken: answer.msg || Errors.NAME_TAKEN.msg });
  };

  const send = (form: RegisterForm) => {
    if (nameState.taken) return setError(t('auth.fixForm'));
    if (captchaRequired && !form.captcha.trim()) return setError(Errors.CAPTCHA_REQUIRED.msg);
    const body: RegisterBody = { name: form.name, password: form.password };
    if (form.i_code.trim()) body.i_code = form.i_code.trim();
    if (invite.r_code) body.r_code = invite.r_code;
    if (form.phone) Object.assign(body, { phone: form.phone, areaCode: form.areaCode });
    if (captchaRequired) Object.assign(body, { captchaId: deviceUuid(), captcha: form.captcha.trim() });
    void run(async () => {
      await beginSession(await authApi.register(body));
      Toast.show({ icon: 'success', content: t('auth.registerOk') });
      navigate('/app/home', { replace: true });
    });
  };
  const pickArea = (code: string) => {
    setValue('areaCode', code.trim());
    if (watch('phone')) void trigger('phone');
  };
  const submit = handleSubmit(send, () => setError(t('auth.fixForm')));

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
        <FormField
          control={control}
          name="name"
          trim
          deps={['password']}
          icon={<UserOutline />}
          onChange={() => setNameState({})}
          onBlur={() => void checkName()}
          placeholder={t('auth.nameRule')}
          maxLength={16}
          autoComplete="username"
          invalid={!!(errors.name?.message || nameState.taken)}
        />
        <FieldError text={errors.name?.message || nameState.taken} ok={nameState.free ? t('auth.nameFree') : null} />
        <FormField
          control={control}
          name="password"
          trim
          deps={['confirm']}
          type="password"
          icon={<LockOutline />}
          placeholder={t('auth.passwordRule')}
          maxLength={12}
          autoComplete="new-password"
          invalid={!!errors.password?.message}
        />
        <FieldError text={errors.password?.message} />
        <FormField
          control={control}
          name="confirm"
          trim
          type="password"
          icon={<LockOutline />}
          placeholder={t('auth.confirmPlaceholder')}
          maxLength={12}
          autoComplete="new-password"
          invalid={!!errors.confirm?.message}
        />
        <FieldError text={errors.confirm?.message} />
        {phoneRequired && (
          <>
            <FormField
              control={control}
              name="phone"
              trim
              type="tel"
              icon={<PhonebookOutline />}
              placeholder={t('auth.phonePlaceholder')}
              maxLength={13}
              extra={<AreaCodeSelect value={watch('areaCode')} onChange={pickArea} />}
              invalid={!!errors.phone?.message}
            />
            <FieldError text={errors.phone?.message} />
          </>
        )}
        <FormField
          control={control}
          name="i_code"
          icon={<GiftOutline />}
          placeholder={t('auth.invitePlaceholder')}
          maxLength={32}
          readOnly={!!invite.i_code}
          extra={inviteCode ? <span className="bp-field-tag">{t('auth.inviteTag')}</span> : null}
        />
        <FieldError />
        {captchaRequired && (
          <>
            <CaptchaField control={control} drawn={captchaN} redraw={() => setCaptchaN((n) => n + 1)} />
            <FieldError />
          </>
        )}
        <TermsConsent checked={adult.value} onChange={adult.onChange} />
        <FieldError text={errors.adult?.message || error} />
        <Button type="submit" block color="primary" size="large" shape="rounded" loading={busy} className="bp-auth-submit">
          {t('auth.register')}
        </Button>
      </form>
    </AuthShell>
  );
}
