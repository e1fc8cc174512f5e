import { Button, Input, Steps, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { checkRealName, type BindFlow } from '@bp/contract';
import { useFormCall } from '../../../shared/api/use-form-call.ts';
import { FieldError } from '../../../shared/ui/Field.tsx';
import { walletApi, walletKeys } from '../api.ts';
import { BIND_STEP_OF, bindProgress, bindSteps } from '../model/bind-flow.ts';
import { NewPinForm } from './NewPinForm.tsx';

/** The bind flow the server names (seed 3), step by step, with the current step's form in place. */
export function BindGuide({ flow, usdtSite }: { flow: BindFlow; usdtSite: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['member', 'info'] });
  };
  const setPin = async (pin: string) => {
    await walletApi.setPassword(pin);
    Toast.show({ icon: 'success', content: t('wallet.pin.saved') });
    refresh();
  };
  const step = BIND_STEP_OF[flow];
  const back = encodeURIComponent('/app/wallet/withdraw');

  return (
    <div className="bp-card bp-bind">
      <strong className="bp-bind-title">{t('wallet.bind.title')}</strong>
      <p className="bp-muted bp-small">{t('wallet.bind.hint')}</p>
      <Steps current={bindProgress(flow, usdtSite)}>
        {bindSteps(usdtSite).map((s) => (
          <Steps.Step key={s} title={t(`wallet.bind.steps.${s}`)} />
        ))}
      </Steps>
      {step === 'realName' ? <RealNameForm onDone={refresh} /> : null}
      {step === 'password' ? <NewPinForm submitLabel={t('wallet.pin.set')} submit={setPin} /> : null}
      {step === 'bankCard' ? (
        <Button block color="primary" shape="rounded" size="large" onClick={() => navigate(`/app/wallet/cards/add?back=${back}`)}>
          {t('wallet.bind.goCard')}
        </Button>
      ) : null}
      {step === 'usdtAddress' ? (
        <Button block color="primary" shape="rounded" size="large" onClick={() => navigate(`/app/wallet/address/add?back=${back}`)}>
          {t('wallet.bind.goAddress')}
        </Button>
      ) : null}
    </div>
  );
}

/** userRealNameBind: the real name, checked as typed by the seed's rule (section 5), bound once. */
export function RealNameForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const { error: refusal, setError: setRefusal, busy, run } = useFormCall();
  const trimmed = name.trim();
  const problem = trimmed ? checkRealName(trimmed) : null;
  const submit = async () => {
    if (!trimmed || problem) return;
    await run(async () => {
      await walletApi.bindRealName(trimmed);
      Toast.show({ icon: 'success', content: t('wallet.bind.realNameDone') });
      onDone();
    });
  };
  return (
    <div className="bp-bind-form">
      <Input
        className="bp-boxed-input"
        value={name}
        onChange={(v) => {
          setName(v);
          setRefusal('');
        }}
        placeholder={t('wallet.bind.realName')}
        maxLength={48}
        clearable
      />
      <FieldError text={problem || refusal} ok={t('wallet.bind.realNameHint')} />
      <Button block color="primary" shape="rounded" size="large" disabled={!trimmed || !!problem} loading={busy} onClick={() => void submit()}>
        {t('wallet.bind.realNameSubmit')}
      </Button>
    </div>
  );
}
