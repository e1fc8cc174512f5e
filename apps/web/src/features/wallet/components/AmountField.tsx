import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FieldError } from '../../../shared/ui/Field.tsx';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { typedAmount } from '../model/amount.ts';

export interface AmountFieldProps {
  value: string;
  onChange(value: string): void;
  placeholder: string;
  /** The message under the field: the problem with what is typed, else the limits. */
  problem: string | null;
  hint?: string;
  /** Round sums to pick with one tap. */
  picks?: number[];
  /** Everything that can move, offered as "all". */
  all?: number;
}

/** An amount in the site's currency, kept to 2 decimals as it is typed (seed 5), with quick picks. */
export function AmountField({ value, onChange, placeholder, problem, hint, picks, all }: AmountFieldProps) {
  const { t } = useTranslation();
  const { currency } = useCurrency();
  const chosen = value === '' ? null : Number(value);
  return (
    <div className="bp-amount">
      <div className={`bp-amount-box${problem ? ' is-invalid' : ''}`}>
        <span className="bp-amount-symbol">{currency.symbol}</span>
        <Input
          className="bp-amount-input"
          value={value}
          onChange={(v) => onChange(typedAmount(v))}
          placeholder={placeholder}
          inputMode="decimal"
          aria-label={placeholder}
          clearable
        />
        {all !== undefined ? (
          <button type="button" className="bp-amount-all" onClick={() => onChange(all > 0 ? String(all) : '')}>
            {t('wallet.amount.all')}
          </button>
        ) : null}
      </div>
      <FieldError text={problem} ok={hint} />
      {picks?.length ? (
        <div className="bp-amount-picks">
          {picks.map((n) => (
            <button type="button" key={n} className={`bp-chip${chosen === n ? ' is-active' : ''}`} onClick={() => onChange(String(n))}>
              {n.toLocaleString('en-US')}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
