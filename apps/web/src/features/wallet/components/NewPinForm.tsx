import { Button } from 'antd-mobile';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { checkWithdrawPassword } from '@bp/contract';
import { useFormCall } from '../../../shared/api/use-form-call.ts';
import { FieldError } from '../../../shared/ui/Field.tsx';
import { PinInput } from './PinInput.tsx';

/**
 * A new 6-digit withdrawal password typed twice; `before` holds what else the change needs (the
 * old password, or the proof of a bound card). A refusal of `submit` shows under the boxes.
 */
export function NewPinForm({
  submitLabel,
  submit,
  before,
  ready = true,
}: {
  submitLabel: string;
  submit(pin: string): Promise<void>;
  before?: ReactNode;
  ready?: boolean;
}) {
  const { t } = useTranslation();
  const [pin, setPin] = useState('');
  const [again, setAgain] = useState('');
  const { error: refusal, busy, run } = useFormCall();
  const complete = pin.length === 6 && again.length === 6;
  const mismatch = complete && pin !== again ? t('wallet.pin.mismatch') : null;

  const send = async () => {
    if (!complete || mismatch || checkWithdrawPassword(pin)) return;
    await run(() => submit(pin));
  };

  return (
    <div className="bp-pin-form">
      {before}
      <label className="bp-pin-label">{t('wallet.pin.newPin')}</label>
      <PinInput value={pin} onChange={setPin} label={t('wallet.pin.newPin')} />
      <label className="bp-pin-label">{t('wallet.pin.confirmPin')}</label>
      <PinInput value={again} onChange={setAgain} label={t('wallet.pin.confirmPin')} error={!!mismatch} />
      <FieldError text={mismatch || refusal} />
      <Button block color="primary" shape="rounded" size="large" disabled={!complete || !!mismatch || !ready} loading={busy} onClick={() => void send()}>
        {submitLabel}
      </Button>
    </div>
  );
}
