import { DeleteOutline } from 'antd-mobile-icons';
import { maskedCardNumber } from '../model/card-input.ts';
import type { Address, Card } from '../api.ts';

/** A bound bank card drawn as a card: bank, holder, the masked number in groups of 4 (seed 9). */
export function BankCardFace({ card, onDelete, deleteLabel }: { card: Card; onDelete(): void; deleteLabel: string }) {
  return (
    <div className="bp-bankcard" data-card={card.cardId}>
      <div className="bp-bankcard-top">
        <span className="bp-bankcard-logo">{card.bankName.slice(0, 1)}</span>
        <strong>{card.bankName}</strong>
        <button className="bp-bankcard-delete" aria-label={deleteLabel} onClick={onDelete}>
          <DeleteOutline />
        </button>
      </div>
      <div className="bp-bankcard-number bp-mono">{maskedCardNumber(card.cardNum)}</div>
      <div className="bp-bankcard-holder">
        {card.realName}
        {card.branch ? ` · ${card.branch}` : ''}
      </div>
    </div>
  );
}

/** A USDT address of the address book: its network, label and the address itself. */
export function AddressFace({ address, onDelete, deleteLabel }: { address: Address; onDelete(): void; deleteLabel: string }) {
  return (
    <div className="bp-bankcard bp-bankcard--usdt">
      <div className="bp-bankcard-top">
        <span className="bp-bankcard-logo">₮</span>
        <strong>
          {address.network}
          {address.alias ? ` · ${address.alias}` : ''}
        </strong>
        <button className="bp-bankcard-delete" aria-label={deleteLabel} onClick={onDelete}>
          <DeleteOutline />
        </button>
      </div>
      <div className="bp-bankcard-address bp-mono">{address.address}</div>
    </div>
  );
}
