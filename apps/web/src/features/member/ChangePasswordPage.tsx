import { Button, NoticeBar, Toast } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import i18n from 'i18next';
import { z } from 'zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Errors, passwordMessage } from '@bp/contract';
import { useFormCall } from '../../shared/api/use-form-call.ts';
import { beginSession } from '../../shared/session/member-info.ts';
import { session } from '../../shared/session/session.ts';
import { useMustChangePassword } from '../../shared/session/use-session.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { FieldError } from '../../shared/ui/Field.tsx';
import { FormField } from '../../shared/ui/FormField.tsx';
import { useRulesForm } from '../../shared/ui/use-rules-form.ts';
import { memberApi } from './api.ts';
import './member.css';

/** The three fields; a message shows as soon as a typed value breaks the contract's rule, never for an empty one. */
const changeSchema = (name: string | undefined) =>
  z.object({ oldPassword: z.string(), password: z.string(), confirm: z.string() }).superRefine((f, ctx) => {
    const problem = (path: keyof typeof f, message: string | null) => message && ctx.addIssue({ code: 'custom', path: [path], message });
    if (f.password) problem('password', passwordMessage(f.password, name) ?? (f.password === f.oldPassword ? i18n.t('member.sameAsOld') : null));
    if (f.confirm && f.confirm !== f.password) problem('confirm', i18n.t('auth.mismatch'));
  });
type ChangeForm = z.infer<ReturnType<typeof changeSchema>>;

/**
 * Change password: the security verification opens on the way (the common path handles it); every
 * session ends and this device continues with the fresh one the server answers.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = session.user()?.name;
  const mustChange = useMustChangePassword();
  const { control, handleSubmit, formState } = useRulesForm<ChangeForm>(changeSchema(name), { oldPassword: '', password: '', confirm: '' });
  // A closed verification is no error of the form: a toast says the change was not made.
  const { error, setError, busy, run } = useFormCall((err) => err.code === Errors.REQUEST_CLOSED.code && Toast.show({ content: err.message }));
  const { errors } = formState;
  const passwordError = errors.password?.message;
  const confirmError = errors.confirm?.message;

  const submit = handleSubmit(
    ({ oldPassword, password, confirm }) => {
      if (!oldPassword || !password || !confirm) return setError(t('auth.fillAll'));
      void run(async () => {
        await beginSession(await memberApi.changePassword(oldPassword, password));
        Toast.show({ icon: 'success', content: t('member.passwordChanged') });
        navigate('/app/member', { replace: true });
      });
    },
    (invalid) => !invalid.password && !invalid.confirm && setError(t('auth.fillAll')),
  );

  return (
    <div className="bp-page">
      <PageHeader title={t('member.menu.password')} fallback={mustChange ? '/app/home' : '/app/member'} />
      {mustChange ? <NoticeBar content={t('member.mustChange')} color="alert" /> : null}
      <form className="bp-page-body" onSubmit={submit} noValidate>
        <div className="bp-card">
          <FormField
            control={control}
            type="password"
            maxLength={12}
            name="oldPassword"
            icon={<LockOutline />}
            placeholder={t('member.oldPassword')}
            autoComplete="current-password"
            deps={['password']}
          />
          <FieldError />
          <FormField
            control={control}
            type="password"
            maxLength={12}
            name="password"
            icon={<LockOutline />}
            placeholder={t('member.newPassword')}
            autoComplete="new-password"
            invalid={!!passwordError}
            deps={['confirm']}
          />
          <FieldError text={passwordError} />
          <FormField
            control={control}
            type="password"
            maxLength={12}
            name="confirm"
            icon={<LockOutline />}
            placeholder={t('auth.confirmPlaceholder')}
            autoComplete="new-password"
            invalid={!!confirmError}
          />
          <FieldError text={confirmError || error} />
          <Button type="submit" block color="primary" size="large" shape="rounded" loading={busy}>
            {t('member.changePassword')}
          </Button>
        </div>
        <p className="bp-muted bp-hint">{t('member.passwordHint')}</p>
      </form>
    </div>
  );
}
