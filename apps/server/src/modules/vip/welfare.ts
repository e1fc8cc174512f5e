import { fromMinor, type VipCategory } from '@bp/contract';
import type { BonusRow } from './bonuses.ts';
import { statusOf } from './bonuses.ts';

const CATEGORY_NAMES: Record<VipCategory, string> = { sports: '体育', egame: '电子', live: '真人', chess: '棋牌' };

/** What the welfare centre calls a bonus. */
export function titleOf(b: BonusRow): string {
  const d = b.detail as { grade?: string; day?: string; category?: VipCategory; period?: string; title?: string };
  if (b.source === 'activity' || b.source === 'points' || b.source === 'birthday') return d.title ?? '活动奖励';
  if (b.source === 'upgrade') return `${d.grade ?? ''}晋级礼金`;
  if (b.source === 'weekly') return `${d.grade ?? ''}周俸禄（${d.period ?? b.ref}起）`;
  if (b.source === 'monthly') return `${d.grade ?? ''}月俸禄（${d.period ?? b.ref}）`;
  return `${d.day ?? ''} ${CATEGORY_NAMES[d.category ?? 'sports']}返水`;
}

export const welfareView = (b: BonusRow) => ({
  welfareId: Number(b.bonus_id),
  kind: b.source,
  title: titleOf(b),
  amount: fromMinor(BigInt(b.amount_minor)),
  status: statusOf(b),
  multiple: b.multiple_x100 / 100,
  expiresAt: b.expires_at === null ? null : new Date(b.expires_at).getTime(),
});

/** A rebate as fanshui/info lists it. */
export function rebateView(b: BonusRow) {
  const d = b.detail as { day: string; category: VipCategory; turnoverMinor: string; rateBp: number };
  return {
    day: d.day,
    category: d.category,
    turnover: fromMinor(BigInt(d.turnoverMinor)),
    rate: d.rateBp / 100,
    amount: fromMinor(BigInt(b.amount_minor)),
    status: statusOf(b),
  };
}
