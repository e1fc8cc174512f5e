import { Input } from 'antd-mobile';
import { useController, type Control } from 'react-hook-form';
import type { SlipStakes } from '../../model/slip.ts';
import { cleanStakeInput } from '../../model/stake.ts';

const QUICK_STAKES = [50, 100, 500, 1000];

/** Where a stake box writes in the slip's form: the parlay's stake, or a single's (by its `stakeKey`). */
export type StakePath = 'parlay' | `singles.${string}`;

/** A stake box of the slip's form: digits and one point only, its problem (if any) under it as the member types. */
export function StakeInput({
  control,
  path,
  name,
  placeholder,
  quick = false,
}: {
  control: Control<SlipStakes>;
  path: StakePath;
  /** The input's own name. */
  name: string;
  placeholder: string;
  quick?: boolean;
}) {
  const { field, fieldState } = useController({ control, name: path });
  const problem = fieldState.error?.message;
  const type = (text: string) => field.onChange(cleanStakeInput(text));
  return (
    <div className="bp-stake">
      <div className={`bp-stake-box${problem ? ' is-invalid' : ''}`}>
        <Input
          name={name}
          value={(field.value as string | undefined) ?? ''}
          onChange={type}
          onBlur={field.onBlur}
          placeholder={placeholder}
          inputMode="decimal"
          autoComplete="off"
          clearable
        />
      </div>
      <div className="bp-field-error" role={problem ? 'alert' : undefined}>
        {problem ?? ''}
      </div>
      {quick ? (
        <div className="bp-stake-quick">
          {QUICK_STAKES.map((n) => (
            <button key={n} type="button" onClick={() => type(String(n))}>
              {n}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
