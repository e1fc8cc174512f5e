import { Input } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { cleanStakeInput, type StakeProblem } from '../../model/stake.ts';

const QUICK_STAKES = [50, 100, 500, 1000];

/** A stake box: digits and one point only, its problem (if any) under it as the member types. */
export function StakeInput({
  value,
  onChange,
  problem,
  placeholder,
  quick = false,
  name,
}: {
  value: string;
  onChange(v: string): void;
  problem?: StakeProblem;
  placeholder: string;
  quick?: boolean;
  name: string;
}) {
  const { t } = useTranslation();
  const shown = problem && problem.key !== 'empty' ? problem : null;
  return (
    <div className="bp-stake">
      <div className={`bp-stake-box${shown ? ' is-invalid' : ''}`}>
        <Input
          name={name}
          value={value}
          onChange={(v) => onChange(cleanStakeInput(v))}
          placeholder={placeholder}
          inputMode="decimal"
          autoComplete="off"
          clearable
        />
      </div>
      <div className="bp-field-error" role={shown ? 'alert' : undefined}>
        {shown ? t(`sports.stake.${shown.key}`, { value: 'value' in shown ? shown.value : '' }) : ''}
      </div>
      {quick ? (
        <div className="bp-stake-quick">
          {QUICK_STAKES.map((n) => (
            <button key={n} type="button" onClick={() => onChange(String(n))}>
              {n}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
