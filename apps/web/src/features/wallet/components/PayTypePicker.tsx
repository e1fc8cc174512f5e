import { useTranslation } from 'react-i18next';
import type { PayType } from '../api.ts';
import { useCurrency } from '../../../shared/site/use-currency.ts';

const KIND_MARK: Record<PayType['kind'], string> = { sandbox: '⚡', bank: '¥', usdt: '₮' };

/** The site's pay types as tiles: name, what kind of payment, its limits. */
export function PayTypePicker({ types, value, onChange }: { types: PayType[]; value: number | null; onChange(id: number): void }) {
  const { t } = useTranslation();
  const { money } = useCurrency();
  return (
    <div className="bp-paytypes" role="radiogroup">
      {types.map((p) => (
        <button
          key={p.payTypeId}
          role="radio"
          aria-checked={p.payTypeId === value}
          className={`bp-paytype bp-paytype--${p.kind}${p.payTypeId === value ? ' is-active' : ''}`}
          onClick={() => onChange(p.payTypeId)}
        >
          <span className="bp-paytype-mark">{KIND_MARK[p.kind]}</span>
          <span className="bp-paytype-name">{p.name}</span>
          <span className="bp-paytype-kind">{t(`wallet.deposit.kinds.${p.kind}`, { network: p.network ?? '' })}</span>
          <span className="bp-paytype-range">
            {money(p.min)} - {money(p.max)}
          </span>
        </button>
      ))}
    </div>
  );
}
