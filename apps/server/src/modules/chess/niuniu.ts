import { randomInt } from 'node:crypto';
import { NIUNIU_HANDS, type NiuniuHand, type NiuniuHandKind } from '@bp/contract';

/**
 * 抢庄牛牛's rules. Five cards each from one 52-card deck; A counts 1, J Q K count 10. Three cards
 * summing to a multiple of ten make 牛, and the other two's sum (mod 10) names it: 牛一 ... 牛九,
 * 0 is 牛牛; no three make ten: 无牛. Special hands above 牛牛: 五花牛 (all J Q K), 炸弹 (four of a
 * rank), 五小牛 (all below 5, summing to at most 10). NIUNIU_HANDS is the order, weakest first.
 * Equal hands compare their highest card (K high, then ♠ > ♥ > ♣ > ♦), a 炸弹 its four's rank: two
 * hands from one deck never tie. The loser pays base × the bank's multiple × the winner's hand
 * multiplier (below).
 */
export const SUITS = ['D', 'C', 'H', 'S'] as const; // weakest first
export const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

export interface Card {
  /** 1 (A) .. 13 (K) */
  rank: number;
  /** 0 ♦ .. 3 ♠ */
  suit: number;
}

export const cardCode = (c: Card): string => `${SUITS[c.suit]}${RANKS[c.rank - 1]}`;
export function parseCard(code: string): Card {
  const suit = SUITS.indexOf(code[0] as (typeof SUITS)[number]);
  const rank = RANKS.indexOf(code.slice(1) as (typeof RANKS)[number]) + 1;
  if (suit < 0 || rank < 1) throw new Error(`not a card: ${code}`);
  return { rank, suit };
}

const points = (c: Card) => Math.min(c.rank, 10);
/** A card's place in the tie-break order: rank, then suit. */
const order = (c: Card) => c.rank * 4 + c.suit;

export const HAND_NAMES: Record<NiuniuHandKind, string> = {
  none: '无牛',
  niu1: '牛一',
  niu2: '牛二',
  niu3: '牛三',
  niu4: '牛四',
  niu5: '牛五',
  niu6: '牛六',
  niu7: '牛七',
  niu8: '牛八',
  niu9: '牛九',
  niuniu: '牛牛',
  wuhua: '五花牛',
  bomb: '炸弹',
  wuxiao: '五小牛',
};

/** What a winning hand multiplies: 无牛-牛六 1, 牛七-牛九 2, 牛牛 3, 五花牛 and 炸弹 4, 五小牛 5. */
export const HAND_MULTIPLIERS: Record<NiuniuHandKind, number> = {
  none: 1,
  niu1: 1,
  niu2: 1,
  niu3: 1,
  niu4: 1,
  niu5: 1,
  niu6: 1,
  niu7: 2,
  niu8: 2,
  niu9: 2,
  niuniu: 3,
  wuhua: 4,
  bomb: 4,
  wuxiao: 5,
};
export const MAX_HAND_MULTIPLIER = 5;

export interface Evaluated extends NiuniuHand {
  /** For comparing: the hand's place in NIUNIU_HANDS, then its deciding card. */
  strength: number;
  tiebreak: number;
}

function kindOf(cards: Card[]): { kind: NiuniuHandKind; niuOf: number[]; tiebreak: number } {
  const high = Math.max(...cards.map(order));
  if (cards.every((c) => c.rank < 5) && cards.reduce((s, c) => s + points(c), 0) <= 10) return { kind: 'wuxiao', niuOf: [], tiebreak: high };
  const byRank = new Map<number, number>();
  for (const c of cards) byRank.set(c.rank, (byRank.get(c.rank) ?? 0) + 1);
  const four = [...byRank].find(([, n]) => n === 4);
  if (four) return { kind: 'bomb', niuOf: [], tiebreak: four[0] };
  if (cards.every((c) => c.rank > 10)) return { kind: 'wuhua', niuOf: [], tiebreak: high };
  const total = cards.reduce((s, c) => s + points(c), 0);
  for (let a = 0; a < 5; a++)
    for (let b = a + 1; b < 5; b++)
      for (let c = b + 1; c < 5; c++) {
        if ((points(cards[a]) + points(cards[b]) + points(cards[c])) % 10 !== 0) continue;
        // Whichever three make ten, the other two sum to the same thing mod 10.
        const rest = total % 10;
        return { kind: rest === 0 ? 'niuniu' : (`niu${rest}` as NiuniuHandKind), niuOf: [a, b, c], tiebreak: high };
      }
  return { kind: 'none', niuOf: [], tiebreak: high };
}

export function evaluate(cards: Card[]): Evaluated {
  if (cards.length !== 5) throw new Error('a hand is five cards');
  const { kind, niuOf, tiebreak } = kindOf(cards);
  return {
    cards: cards.map(cardCode),
    kind,
    name: HAND_NAMES[kind],
    multiplier: HAND_MULTIPLIERS[kind],
    niuOf,
    strength: NIUNIU_HANDS.indexOf(kind),
    tiebreak,
  };
}

/** > 0 when `a` beats `b`. */
export const compareHands = (a: Evaluated, b: Evaluated): number => a.strength - b.strength || a.tiebreak - b.tiebreak;

/** Ten cards off a freshly shuffled deck (a partial Fisher-Yates on a CSPRNG): five each. */
export function dealTen(pick: (n: number) => number = randomInt): Card[] {
  const deck: Card[] = [];
  for (let suit = 0; suit < 4; suit++) for (let rank = 1; rank <= 13; rank++) deck.push({ rank, suit });
  for (let i = 0; i < 10; i++) {
    const j = i + pick(deck.length - i);
    [deck[i], deck[j]] = [deck[j], deck[i]];
  }
  return deck.slice(0, 10);
}

/**
 * The house's bid (and the member's suggested one), read from four cards: how likely the fifth
 * card (any of the 48 unseen) makes 牛七 or better. The member plays with the same information.
 * Only the ranks count (a suit changes no hand's kind): the answer is kept per four ranks.
 */
const bids = new Map<string, number>();
export function bidFor(four: Card[]): number {
  const key = four
    .map((c) => c.rank)
    .sort((a, b) => a - b)
    .join(',');
  let bid = bids.get(key);
  if (bid === undefined) bids.set(key, (bid = bidOf(four)));
  return bid;
}

function bidOf(four: Card[]): number {
  let good = 0;
  for (let rank = 1; rank <= 13; rank++) {
    const left = 4 - four.filter((c) => c.rank === rank).length;
    if (left > 0 && evaluate([...four, { rank, suit: 0 }]).multiplier >= 2) good += left;
  }
  const p = good / 48;
  return p >= 0.6 ? 4 : p >= 0.45 ? 3 : p >= 0.3 ? 2 : p >= 0.15 ? 1 : 0;
}

/** The house's share of what the member wins (抽水): 5 %. */
export const COMMISSION_PERCENT = 5n;

export interface Showdown {
  banker: 'member' | 'house';
  bankerMultiple: number;
  member: Evaluated;
  house: Evaluated;
  won: boolean;
  /** base × bank multiple × winner's hand multiplier: what changes hands before commission. */
  amountMinor: bigint;
  /** What the round pays the member back: 2 × amount less commission when won, else 0. */
  payoutMinor: bigint;
}

/**
 * The round's result. The higher bid takes the bank (a tie: `coin` decides, 0 member, 1 house); the
 * bank's multiple is its bid, at least 1. Banker and player compare hands alike; the round's stake
 * is what changes hands, so the member's return is (2 × amount − commission) / amount when won.
 */
export function showdown(baseMinor: bigint, memberCards: Card[], houseCards: Card[], memberBid: number, houseBid: number, coin: number): Showdown {
  const member = evaluate(memberCards);
  const house = evaluate(houseCards);
  const banker = memberBid > houseBid ? 'member' : memberBid < houseBid ? 'house' : coin === 0 ? 'member' : 'house';
  const bankerMultiple = Math.max(1, memberBid, houseBid);
  const won = compareHands(member, house) > 0;
  const amountMinor = baseMinor * BigInt(bankerMultiple * (won ? member : house).multiplier);
  const payoutMinor = won ? 2n * amountMinor - (amountMinor * COMMISSION_PERCENT) / 100n : 0n;
  return { banker, bankerMultiple, member, house, won, amountMinor, payoutMinor };
}

/** The stated return to player, with both sides bidding by `bidFor`: the game is even, the commission is half of it. */
export const NIUNIU_RTP = 1 - Number(COMMISSION_PERCENT) / 100 / 2;
