import { randomInt } from 'node:crypto';

const RANKS = 'A23456789TJQK';
const SUITS = 'shdc';

/** Decks in a shoe (baccarat and dragon tiger alike). */
export const DECKS = 8;

/** `decks` full decks, in order. */
export function decksOf(decks: number): string[] {
  const cards: string[] = [];
  for (let d = 0; d < decks; d++) for (const s of SUITS) for (const r of RANKS) cards.push(`${r}${s}`);
  return cards;
}

/** Fisher-Yates with the CSPRNG: every order equally likely. */
export function shuffle<T>(items: T[], pick: (n: number) => number = randomInt): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

export interface Shoe {
  cards: string[];
  /** The cut card: once the deal reaches it, the next round starts a new shoe. */
  cutAt: number;
  /** Cards burned at the start (the first card turned, then as many as its value, faces counting 10). */
  burned: number;
  /** The next card to deal. */
  position: number;
}

/** A freshly shuffled shoe, cut 14 to 16 cards from the end, its first cards burned. */
export function newShoe(pick: (n: number) => number = randomInt): Shoe {
  const cards = shuffle(decksOf(DECKS), pick);
  const first = RANKS.indexOf(cards[0][0]) + 1;
  const burned = 1 + Math.min(first, 10);
  return { cards, cutAt: cards.length - 14 - pick(3), burned, position: burned };
}
