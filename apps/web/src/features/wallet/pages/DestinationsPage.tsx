import { Dialog, Toast } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../../shared/api/use-action.ts';
import { DESTINATION_LIMIT } from '@bp/contract';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useAddresses, useCards, walletApi, walletKeys } from '../api.ts';
import { AddressFace, BankCardFace } from '../components/BankCardFace.tsx';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { toastRefusal } from '../hooks/use-money-action.ts';
import '../wallet.css';

/** Bank cards (CNY sites) and the USDT address book: listed, added, removed. */
export function DestinationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { usdtSite } = useCurrency();
  const { data: cards } = useCards();
  const { data: addresses } = useAddresses();

  const deletion = useAction((work: () => Promise<null>) => work(), {
    done: () => Toast.show({ content: t('wallet.cards.deleted') }),
    refused: toastRefusal,
    invalidates: [walletKeys.all, ['member', 'info']],
  });
  const remove = async (content: string, work: () => Promise<null>) => {
    if (await Dialog.confirm({ content, confirmText: t('wallet.cards.delete'), cancelText: t('common.cancel') })) await deletion.run(work);
  };

  return (
    <div className="bp-page bp-wallet">
      <PageHeader title={t('walletPages.cards')} fallback="/app/wallet" />
      <div className="bp-page-body">
        {usdtSite ? null : (
          <>
            <div className="bp-section-title">{t('wallet.cards.bankCards')}</div>
            <div className="bp-bankcards">
              {(cards ?? []).map((c) => (
                <BankCardFace
                  key={c.cardId}
                  card={c}
                  deleteLabel={t('wallet.cards.delete')}
                  onDelete={() => void remove(t('wallet.cards.deleteCardConfirm', { tail: c.cardNum.slice(-4) }), () => walletApi.deleteCard(c.cardId))}
                />
              ))}
              {cards && cards.length < DESTINATION_LIMIT ? (
                <AddTile label={t('wallet.cards.addCard')} onClick={() => navigate('/app/wallet/cards/add')} />
              ) : null}
            </div>
            <p className="bp-muted bp-small">{t('wallet.cards.safety')}</p>
          </>
        )}
        <div className="bp-section-title">{t('wallet.cards.addresses')}</div>
        <div className="bp-bankcards">
          {(addresses ?? []).map((a) => (
            <AddressFace
              key={a.addressId}
              address={a}
              deleteLabel={t('wallet.cards.delete')}
              onDelete={() => void remove(t('wallet.cards.deleteAddressConfirm'), () => walletApi.deleteAddress(a.addressId))}
            />
          ))}
          {addresses && addresses.length < DESTINATION_LIMIT ? (
            <AddTile label={t('wallet.cards.addAddress')} onClick={() => navigate('/app/wallet/address/add')} />
          ) : null}
        </div>
        <p className="bp-muted bp-small">{t('wallet.cards.limit', { n: DESTINATION_LIMIT })}</p>
      </div>
    </div>
  );
}

function AddTile({ label, onClick }: { label: string; onClick(): void }) {
  return (
    <button className="bp-bankcard-add" onClick={onClick}>
      <AddOutline />
      <span>{label}</span>
    </button>
  );
}
