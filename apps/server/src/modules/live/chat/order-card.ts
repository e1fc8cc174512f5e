import type { BetRecord, OrderCard } from '@bp/contract';

/** A bet as the room shows it (seed 3's order push: orderId, categoryName, itemName, score, teamLogo, venueName). */
export function orderCard(bet: BetRecord): OrderCard {
  const [first] = bet.legs;
  const single = bet.type === 'single';
  return {
    orderId: bet.orderId,
    categoryName: single ? first.leagueName : `${bet.legs.length}串1`,
    itemName: single
      ? `${first.homeName} vs ${first.visitName} · ${first.marketName} · ${first.selectionName}`
      : bet.legs.map((leg) => `${leg.homeName} vs ${leg.visitName} ${leg.selectionName}`).join('；'),
    score: single ? first.score : null,
    teamLogo: first.homeLogo,
    venueName: bet.venueName,
    betType: bet.type,
    odds: bet.odds,
    stake: bet.stake,
    status: bet.status,
    payout: bet.payout,
    currency: bet.currency,
  };
}
