import { Button, NoticeBar, Toast } from 'antd-mobile';
import { LockOutline } from 'antd-mobile-icons';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Errors, passwordMessage } from '@bp/contract';
import { useFormCall } from '../../shared/api/use-form-call.ts';
import { beginSession } from '../../shared/session/member-info.ts';
import { session } from '../../shared/session/session.ts';
import { useMustChangePassword } from '../../shared/session/use-session.ts';
import { PageHeader } from '../../shared/ui/PageHeader.tsx';
import { Field } from '../../shared/ui/Field.tsx';
import { memberApi } from './api.ts';
import './member.css';

/**
 * Change password: the security verification opens on the way (the common path handles it); every
 * session ends and this device continues with the fresh one the server answers.
 */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = session.user()?.name;
  const mustChange = useMustChangePassword();
  const [oldPassword, setOld] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  // A closed verification is no error of the form: a toast says the change was not made.
  const { error, setError, busy, run } = useFormCall((err) => err.code === Errors.REQUEST_CLOSED.code && Toast.show({ content: err.message }));
  const ruleError = password ? passwordMessage(password, name) : null;
  const sameError = password && password === oldPassword ? t('member.sameAsOld') : null;
  const confirmError = confirm && confirm !== password ? t('auth.mismatch') : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!oldPassword || !password || !confirm) return setError(t('auth.fillAll'));
    if (ruleError || sameError || confirmError) return;
    await run(async () => {
      await beginSession(await memberApi.changePassword(oldPassword, password));
      Toast.show({ icon: 'success', content: t('member.passwordChanged') });
      navigate('/app/member', { replace: true });
    });
  };

  return (
    <div className="bp-page">
      <PageHeader title={t('member.menu.password')} fallback={mustChange ? '/app/home' : '/app/member'} />
      {mustChange ? <NoticeBar content={t('member.mustChange')} color="alert" /> : null}
      <form className="bp-page-body" onSubmit={submit} noValidate>
        <div className="bp-card">
          <Field
            type="password"
            maxLength={12}
            name="oldPassword"
            icon={<LockOutline />}
            value={oldPassword}
            onChange={setOld}
            placeholder={t('member.oldPassword')}
            autoComplete="current-password"
          />
          <div className="bp-field-error" />
          <Field
            type="password"
            maxLength={12}
            name="password"
            icon={<LockOutline />}
            value={password}
            onChange={setPassword}
            placeholder={t('member.newPassword')}
            autoComplete="new-password"
            invalid={!!(ruleError || sameError)}
          />
          <div className="bp-field-error" role={ruleError || sameError ? 'alert' : undefined}>
            {ruleError || sameError}
          </div>
          <Field
            type="password"
            maxLength={12}
            name="confirm"
            icon={<LockOutline />}
            value={confirm}
            onChange={setConfirm}
            placeholder={t('auth.confirmPlaceholder')}
            autoComplete="new-password"
            invalid={!!confirmError}
          />
          <div className="bp-field-error" role={confirmError || error ? 'alert' : undefined}>
            {confirmError || error}
          </div>
          <Button type="submit" block color="primary" size="large" shape="rounded" loading={busy}>
            {t('member.changePassword')}
          </Button>
        </div>
        <p className="bp-muted bp-hint">{t('member.passwordHint')}</p>
      </form>
    </div>
  );
}
