import { Dialog, Toast } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../shared/api/request.ts';
import { PageHeader } from '../../../shared/ui/PageHeader.tsx';
import { useAddresses, useCards, walletApi, walletKeys } from '../api.ts';
import { AddressFace, BankCardFace } from '../components/BankCardFace.tsx';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { showsOwnRefusal } from '../model/refusal.ts';
import '../wallet.css';

/** The server binds at most 5 of each. */
const BIND_LIMIT = 5;

/** Bank cards (CNY sites) and the USDT address book: listed, added, removed. */
export function DestinationsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { usdtSite } = useCurrency();
  const { data: cards } = useCards();
  const { data: addresses } = useAddresses();

  const remove = async (content: string, work: () => Promise<null>) => {
    if (!(await Dialog.confirm({ content, confirmText: t('wallet.cards.delete'), cancelText: t('common.cancel') }))) return;
    try {
      await work();
      Toast.show({ content: t('wallet.cards.deleted') });
      void queryClient.invalidateQueries({ queryKey: walletKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['member', 'info'] });
    } catch (err) {
      if (err instanceof ApiError && showsOwnRefusal(err.code)) Toast.show({ content: err.message });
    }
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
              {cards && cards.length < BIND_LIMIT ? <AddTile label={t('wallet.cards.addCard')} onClick={() => navigate('/app/wallet/cards/add')} /> : null}
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
          {addresses && addresses.length < BIND_LIMIT ? (
            <AddTile label={t('wallet.cards.addAddress')} onClick={() => navigate('/app/wallet/address/add')} />
          ) : null}
        </div>
        <p className="bp-muted bp-small">{t('wallet.cards.limit', { n: BIND_LIMIT })}</p>
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
