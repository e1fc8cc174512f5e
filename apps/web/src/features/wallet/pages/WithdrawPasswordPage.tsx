import { Input, NoticeBar, Skeleton, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { usePasswordStatus, walletApi, walletKeys } from '../api.ts';
import { NewPinForm } from '../components/NewPinForm.tsx';
import { PinInput } from '../components/PinInput.tsx';
import { useBack } from '../hooks/use-back.ts';
import '../wallet.css';

type Mode = 'update' | 'reset';

/** The 6-digit withdrawal password: set it once, change it with the old one, or reset it with a bound card or address. */
export function WithdrawPasswordPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const done = useBack('/app/wallet');
  const { data: status } = usePasswordStatus();
  const [mode, setMode] = useState<Mode>('update');
  const [oldPin, setOldPin] = useState('');
  const [proof, setProof] = useState('');

  /** A change of the password; a refusal stays under the form. */
  const change = (work: (pin: string) => Promise<null>, message: string) => async (pin: string) => {
    await work(pin);
    Toast.show({ icon: 'success', content: message });
    void queryClient.invalidateQueries({ queryKey: walletKeys.all });
    done();
  };

  return (
    <div className="bp-page bp-wallet">
      <PageHeader title={t('walletPages.password')} fallback="/app/wallet" />
      <div className="bp-page-body">
        {!status ? <Skeleton.Paragraph lineCount={5} animated /> : null}
        {status?.lockedUntil ? (
          <NoticeBar color="alert" content={t('wallet.withdraw.locked', { time: formatDateTime(status.lockedUntil).slice(11) })} wrap />
        ) : null}
        {status && !status.isSet ? (
          <div className="bp-card">
            <NewPinForm submitLabel={t('wallet.pin.set')} submit={change((pin) => walletApi.setPassword(pin), t('wallet.pin.saved'))} />
          </div>
        ) : null}
        {status?.isSet ? (
          <>
            <div className="bp-segments" role="tablist">
              {(['update', 'reset'] as const).map((m) => (
                <button key={m} role="tab" aria-selected={mode === m} className={mode === m ? 'is-active' : ''} onClick={() => setMode(m)}>
                  {t(`wallet.pin.${m}`)}
                </button>
              ))}
            </div>
            <div className="bp-card">
              {mode === 'update' ? (
                <NewPinForm
                  key="update"
                  submitLabel={t('wallet.pin.update')}
                  ready={oldPin.length === 6}
                  before={
                    <>
                      <label className="bp-pin-label">{t('wallet.pin.oldPin')}</label>
                      <PinInput value={oldPin} onChange={setOldPin} label={t('wallet.pin.oldPin')} />
                    </>
                  }
                  submit={change((pin) => walletApi.updatePassword(oldPin, pin), t('wallet.pin.updated'))}
                />
              ) : (
                <NewPinForm
                  key="reset"
                  submitLabel={t('wallet.pin.reset')}
                  ready={proof.trim() !== ''}
                  before={
                    <Input
                      className="bp-boxed-input bp-mono"
                      value={proof}
                      onChange={setProof}
                      placeholder={t('wallet.pin.proof')}
                      aria-label={t('wallet.pin.proof')}
                      maxLength={64}
                      clearable
                    />
                  }
                  submit={change((pin) => walletApi.resetPassword(proof.replace(/\s+/g, ''), pin), t('wallet.pin.resetDone'))}
                />
              )}
            </div>
          </>
        ) : null}
        <p className="bp-muted bp-hint">{t('wallet.pin.hint')}</p>
      </div>
    </div>
  );
}
