import { Radio } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { maskedCardNumber } from '../model/card-input.ts';
import type { Address, Card } from '../api.ts';
import { offered } from '../model/bind-flow.ts';

export type Destination = { kind: 'card'; id: number } | { kind: 'address'; id: number };
const keyOf = (d: Destination) => `${d.kind}:${d.id}`;

/** Where the withdrawal goes: at most 3 cards and 3 addresses (seed 9), and a way to add one. */
export function DestinationPicker(props: {
  cards: Card[];
  addresses: Address[];
  value: Destination | null;
  onChange(d: Destination): void;
  usdtSite: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { value, onChange, usdtSite } = props;
  const cards = usdtSite ? [] : offered(props.cards);
  const addresses = offered(props.addresses);
  const back = encodeURIComponent('/app/wallet/withdraw');
  return (
    <Radio.Group value={value ? keyOf(value) : null}>
      <div className="bp-destinations">
        {cards.map((c) => (
          <button key={c.cardId} className="bp-destination" onClick={() => onChange({ kind: 'card', id: c.cardId })}>
            <span className="bp-destination-bank">{c.bankName.slice(0, 1)}</span>
            <span className="bp-destination-text">
              <strong>{c.bankName}</strong>
              <span className="bp-mono bp-muted">{maskedCardNumber(c.cardNum)}</span>
            </span>
            <Radio value={`card:${c.cardId}`} />
          </button>
        ))}
        {addresses.map((a) => (
          <button key={a.addressId} className="bp-destination" onClick={() => onChange({ kind: 'address', id: a.addressId })}>
            <span className="bp-destination-bank bp-destination-bank--usdt">₮</span>
            <span className="bp-destination-text">
              <strong>
                {a.network} {a.alias}
              </strong>
              <span className="bp-mono bp-muted">{`${a.address.slice(0, 8)}…${a.address.slice(-6)}`}</span>
            </span>
            <Radio value={`address:${a.addressId}`} />
          </button>
        ))}
        <button
          className="bp-destination bp-destination--add"
          onClick={() => navigate(`${usdtSite ? '/app/wallet/address/add' : '/app/wallet/cards/add'}?back=${back}`)}
        >
          <AddOutline /> {usdtSite ? t('wallet.cards.addAddress') : t('wallet.cards.addCard')}
        </button>
      </div>
    </Radio.Group>
  );
}
