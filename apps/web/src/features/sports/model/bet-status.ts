import type { BetRecord, BetStatus, LegOutcome } from '@bp/contract';

/** How a bet's state reads: its i18n key under `sports.status.` and its tone on screen. */
export type Tone = 'open' | 'win' | 'lose' | 'neutral';

const TONES: Record<BetStatus, Tone> = {
  pending_delay: 'open',
  pending: 'open',
  won: 'win',
  half_won: 'win',
  cashed_out: 'win',
  lost: 'lose',
  half_lost: 'lose',
  void: 'neutral',
  rejected: 'neutral',
};

export const toneOf = (status: BetStatus | LegOutcome): Tone => TONES[status];

/** The records screen's two lists: open bets and settled ones (the server's status groups). */
export const RECORD_TABS = ['unsettled', 'settled'] as const;
export type RecordTab = (typeof RECORD_TABS)[number];

/** Open singles may be cashed out; while the market is suspended the offer is withheld (null). */
export function cashOutState(bet: Pick<BetRecord, 'type' | 'status' | 'cashOut'>): 'offer' | 'suspended' | null {
  if (bet.type !== 'single' || bet.status !== 'pending') return null;
  return bet.cashOut === null ? 'suspended' : 'offer';
}

/** What a settled bet paid back beyond its stake (negative when it lost money). */
export const netOf = (bet: Pick<BetRecord, 'stake' | 'payout' | 'status'>): number | null =>
  bet.status === 'pending' || bet.status === 'pending_delay' || bet.status === 'rejected' ? null : Math.round((bet.payout - bet.stake) * 100) / 100;
