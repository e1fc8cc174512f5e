import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SPORTS_LIMITS } from '@bp/contract';
import { local } from '../../../shared/storage/local.ts';
import { useCurrency } from '../../../shared/site/use-currency.ts';
import { useRulesForm } from '../../../shared/ui/use-rules-form.ts';
import { keptStakes, stakeKey, type Slip, type SlipLeg, type SlipStakes } from '../model/slip.ts';
import { stakesSchema, type StakeProblem } from '../model/stake.ts';

/** The stakes as typed live across the sports screens and a reload, like the slip. */
const KEY = 'bp.sports.stakes';

function load(legs: SlipLeg[]): SlipStakes {
  const saved = local.getJson<Partial<SlipStakes>>(KEY);
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const singles = Object.entries(saved?.singles ?? {}).map(([key, value]) => [key, text(value)]);
  return keptStakes({ parlay: text(saved?.parlay), singles: Object.fromEntries(singles) }, legs);
}

/** Money the member has or could win reads in the site's currency; limits read as the placeholder quotes them. */
const MONEY_PROBLEMS: ReadonlyArray<StakeProblem['key']> = ['balance', 'payout'];

/**
 * The slip's stakes as a form: typed into its boxes and checked by the stake rules (a zod schema
 * over the legs, their prices, the balance and the site's largest payout). Every box is checked
 * again whenever a stake or any of those moves, so each says what is wrong with it now.
 */
export function useSlipStakes(slip: Slip, balance: number | null) {
  const { t } = useTranslation();
  const { money, currency } = useCurrency();
  const maxPayout = SPORTS_LIMITS[currency.code].maxPayout;
  const say = (p: StakeProblem) => t(`sports.stake.${p.key}`, { value: 'value' in p ? (MONEY_PROBLEMS.includes(p.key) ? money(p.value) : p.value) : '' });
  const [saved] = useState(() => load(slip.legs));
  const form = useRulesForm<SlipStakes>(stakesSchema(slip, balance, maxPayout, say), saved);
  const stakes = useWatch({ control: form.control }) as SlipStakes;
  const typed = JSON.stringify(stakes);
  useEffect(() => local.set(KEY, typed), [typed]);

  const { getValues, setValue, trigger } = form;
  const markets = slip.legs.map(stakeKey).join();
  useEffect(() => {
    const singles = getValues('singles');
    const kept = keptStakes({ parlay: '', singles }, slip.legs).singles;
    if (kept !== singles) setValue('singles', kept);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the legs' markets, not their moving prices
  }, [markets]);

  // What the rules read besides the stakes (money(0): the currency, once the site's info is known).
  const rules = JSON.stringify([slip.mode, slip.legs.map((l) => [l.marketId, l.odds, l.minStake, l.maxStake]), balance, maxPayout, money(0)]);
  useEffect(() => void trigger(), [trigger, rules, typed]);
  return { ...form, stakes };
}
