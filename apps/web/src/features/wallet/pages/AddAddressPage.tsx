import { Button, Input } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USDT_NETWORKS, checkUsdtAddress, couldBeUsdtAddress, Errors, type UsdtNetwork } from '@bp/contract';
import { FieldError } from '../../../shared/ui/Field.tsx';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { walletApi } from '../api.ts';
import { useSaveDestination } from '../hooks/use-save-destination.ts';
import '../wallet.css';

/** Adds a USDT address: the network, the address (its format checked as typed), a label. */
export function AddAddressPage() {
  const { t } = useTranslation();
  const [network, setNetwork] = useState<UsdtNetwork>('TRC20');
  const [address, setAddress] = useState('');
  const [alias, setAlias] = useState('');
  const { save, busy, refusal, clearRefusal } = useSaveDestination();
  const valid = checkUsdtAddress(network, address) === null;
  const problem = couldBeUsdtAddress(network, address) ? null : Errors.USDT_ADDRESS_INVALID.msg;

  const submit = async () => {
    if (!valid) return;
    await save(() => walletApi.addAddress({ network, address, ...(alias.trim() ? { alias: alias.trim() } : {}) }));
  };

  return (
    <div className="bp-page bp-wallet">
      <PageHeader title={t('walletPages.addAddress')} fallback="/app/wallet/cards" />
      <div className="bp-page-body">
        <div className="bp-card bp-form">
          <div className="bp-form-label bp-muted">{t('wallet.cards.network')}</div>
          <div className="bp-segments" role="tablist">
            {USDT_NETWORKS.map((n) => (
              <button
                key={n}
                role="tab"
                aria-selected={network === n}
                className={network === n ? 'is-active' : ''}
                onClick={() => {
                  setNetwork(n);
                  clearRefusal();
                }}
              >
                {n}
              </button>
            ))}
          </div>
          <Input
            className="bp-boxed-input bp-mono"
            value={address}
            onChange={(v) => {
              setAddress(v.trim());
              clearRefusal();
            }}
            placeholder={t('wallet.cards.address')}
            aria-label={t('wallet.cards.address')}
            maxLength={64}
            clearable
          />
          <FieldError text={problem || refusal} ok={valid ? t('wallet.cards.addressOk') : null} />
          <Input className="bp-boxed-input" value={alias} onChange={setAlias} placeholder={t('wallet.cards.alias')} maxLength={24} clearable />
          <Button block color="primary" shape="rounded" size="large" disabled={!valid} loading={busy} onClick={() => void submit()}>
            {t('common.submit')}
          </Button>
        </div>
      </div>
    </div>
  );
}
