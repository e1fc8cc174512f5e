import { createStore, useStore } from '../../../shared/store.ts';
import { local } from '../../../shared/storage/local.ts';
import {
  acceptOdds,
  applyPrices,
  emptySlip,
  removeLeg,
  toggleLeg,
  type OddsPolicy,
  type PriceUpdate,
  type Slip,
  type SlipLeg,
  type SlipMode,
} from '../model/slip.ts';

/** The bet slip lives across the sports screens and a reload (its prices are read again when it opens); its stakes are its form's (use-slip-stakes.ts). */
const KEY = 'bp.sports.slip';

function load(): Slip {
  const saved = local.getJson<Partial<Slip>>(KEY);
  if (!saved || !Array.isArray(saved.legs)) return emptySlip;
  return { legs: saved.legs, mode: saved.mode ?? emptySlip.mode, policy: saved.policy ?? emptySlip.policy };
}

export const slipStore = createStore<Slip>(load());
slipStore.subscribe(() => local.setJson(KEY, slipStore.get()));

const update = (fn: (slip: Slip) => Slip) => slipStore.set(fn(slipStore.get()));

export const slip = {
  /** A tap on a price; false when the slip is full. */
  toggle(leg: SlipLeg): boolean {
    const result = toggleLeg(slipStore.get(), leg);
    slipStore.set(result.slip);
    return result.refused === null;
  },
  remove: (selectionId: number) => update((s) => removeLeg(s, selectionId)),
  /** Empties the slip; the member's odds policy stays. */
  clear: () => update((s) => ({ ...emptySlip, policy: s.policy })),
  setMode: (mode: SlipMode) => update((s) => ({ ...s, mode })),
  setPolicy: (policy: OddsPolicy) => update((s) => ({ ...s, policy })),
  prices: (updates: PriceUpdate[]) => updates.length > 0 && update((s) => applyPrices(s, updates)),
  acceptOdds: () => update(acceptOdds),
  /** After a placement: the legs placed leave. */
  drop: (selectionIds: number[]) => update((s) => selectionIds.reduce(removeLeg, s)),
};

export const useSlip = (): Slip => useStore(slipStore);
export const useInSlip = (selectionId: number): boolean => useStore(slipStore).legs.some((l) => l.selectionId === selectionId);
