import type { Market, MarketKind, Selection, Sport } from '@bp/contract';

/** The columns of a list card, Asian style: handicap, total, winner (esports: the winner only). */
export const LIST_COLUMNS = [
  { key: 'handicap', kinds: ['ah', 'spread'] },
  { key: 'total', kinds: ['ou', 'total'] },
  { key: 'winner', kinds: ['1x2', 'ml', 'match_winner'] },
] as const satisfies ReadonlyArray<{ key: string; kinds: readonly MarketKind[] }>;
export type ListColumn = (typeof LIST_COLUMNS)[number];

/** A column's heading (an i18n key under `sports.cols.`): basketball speaks of points, not goals. */
export const columnLabel = (sport: Sport, column: ListColumn): string =>
  sport === 'basketball' && column.key !== 'winner' ? `${column.key}Points` : column.key;

export const columnsOf = (sport: Sport): ListColumn[] => (sport === 'esports' ? LIST_COLUMNS.filter((c) => c.key === 'winner') : [...LIST_COLUMNS]);

export const columnMarket = (markets: Market[], column: ListColumn): Market | undefined =>
  markets.find((m) => (column.kinds as readonly MarketKind[]).includes(m.kind));

/** The rows of a list card: the home side, the visiting side, and the draw where there is one. */
export type ListRow = 'home' | 'visit' | 'draw';
const ROW_CODES: Record<ListRow, string[]> = { home: ['home', 'over'], visit: ['visit', 'under'], draw: ['draw'] };

export const rowSelection = (market: Market | undefined, row: ListRow): Selection | undefined =>
  market?.selections.find((s) => ROW_CODES[row].includes(s.code));

export const hasDraw = (markets: Market[]): boolean => markets.some((m) => m.kind === '1x2');

/** The short label of a price on a list card: the line of a handicap or a total; none for a winner. */
export function listLabel(market: Market, selection: Selection): string | undefined {
  if (market.kind === 'ah' || market.kind === 'spread') return selection.name.split(' ').at(-1);
  if (market.kind === 'ou' || market.kind === 'total') return selection.name;
  return undefined;
}

/** The detail screen's tabs: markets grouped by what they are about. */
export const MARKET_GROUPS = {
  winner: ['1x2', 'ml', 'match_winner'],
  handicap: ['ah', 'spread'],
  total: ['ou', 'total'],
  goals: ['btts'],
  score: ['cs'],
  maps: ['map_winner'],
} as const satisfies Record<string, readonly MarketKind[]>;
export type MarketGroup = keyof typeof MARKET_GROUPS;

export interface MarketSection {
  group: MarketGroup;
  kind: MarketKind;
  name: string;
  /** One line after another (handicaps, totals, maps); the other kinds have one. */
  markets: Market[];
}

/** The markets still on offer, one section per kind in the groups' order. */
export function marketSections(markets: Market[]): MarketSection[] {
  const open = markets.filter((m) => m.status !== 'closed');
  return (Object.entries(MARKET_GROUPS) as Array<[MarketGroup, readonly MarketKind[]]>).flatMap(([group, kinds]) =>
    kinds.flatMap((kind) => {
      const ofKind = open.filter((m) => m.kind === kind);
      return ofKind.length ? [{ group, kind, name: ofKind[0].name, markets: ofKind }] : [];
    }),
  );
}

/** How many prices a row of a section holds: three for 1x2 and correct scores, two otherwise. */
export const pricesPerRow = (kind: MarketKind): number => (kind === '1x2' || kind === 'cs' ? 3 : 2);
