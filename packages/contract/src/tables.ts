import { z } from 'zod';
import { Amount } from './rules/schemas.ts';

/**
 * Live dealer tables (issue 16 part 2), built in as the AG venue (AG真人): baccarat, dragon tiger and
 * European roulette, dealt on the server's clock for every viewer at once. Amounts are decimal
 * numbers in the member's site currency; cards are a rank (A 2-9 T J Q K) and a suit (s h d c).
 */
export const TABLE_GAMES = ['baccarat', 'dragon-tiger', 'roulette'] as const;
export type TableGame = (typeof TABLE_GAMES)[number];
/** The plain spots and a round's winners in zh-CN: the member's table and the console's round records say them alike. */
export const TABLE_SPOT_NAMES = {
  player: '闲',
  banker: '庄',
  tie: '和',
  player_pair: '闲对',
  banker_pair: '庄对',
  dragon: '龙',
  tiger: '虎',
  red: '红',
  black: '黑',
  odd: '单',
  even: '双',
  low: '1-18',
  high: '19-36',
} as const;
export const TABLE_WINNER_NAMES = { player: '闲赢', banker: '庄赢', tie: '和局', dragon: '龙赢', tiger: '虎赢' } as const;
/** What a round shows: bets taken, cards (or the ball) dealt, the result and payouts. */
export const TABLE_PHASES = ['betting', 'dealing', 'result'] as const;
export type TablePhase = (typeof TABLE_PHASES)[number];
/** A round's row: taking bets, dealt (outcome drawn), settled (paid), or void (never dealt: stakes refunded). */
export const ROUND_STATUSES = ['betting', 'dealt', 'settled', 'void'] as const;

const Card = z.string().regex(/^[A2-9TJQK][shdc]$/);
export const BaccaratOutcome = z.object({
  game: z.literal('baccarat'),
  /** In the order dealt: player 1, banker 1, player 2, banker 2, then the third cards. */
  player: z.array(Card),
  banker: z.array(Card),
  /** Which hand each dealt card went to, in dealing order ('p' or 'b'). */
  order: z.string(),
  playerTotal: z.number().int(),
  bankerTotal: z.number().int(),
  winner: z.enum(['player', 'banker', 'tie']),
  playerPair: z.boolean(),
  bankerPair: z.boolean(),
});
export const DragonTigerOutcome = z.object({ game: z.literal('dragon-tiger'), dragon: Card, tiger: Card, winner: z.enum(['dragon', 'tiger', 'tie']) });
export const RouletteOutcome = z.object({ game: z.literal('roulette'), number: z.number().int().min(0).max(36) });
export const TableOutcome = z.discriminatedUnion('game', [BaccaratOutcome, DragonTigerOutcome, RouletteOutcome]);
export type BaccaratOutcome = z.infer<typeof BaccaratOutcome>;
export type DragonTigerOutcome = z.infer<typeof DragonTigerOutcome>;
export type RouletteOutcome = z.infer<typeof RouletteOutcome>;
export type TableOutcome = z.infer<typeof TableOutcome>;

/** A round, its times epoch ms: bets until closesAt, the deal shown until revealAt, the next round at endsAt. */
export const TableRound = z.object({
  roundNo: z.number().int(),
  status: z.enum(ROUND_STATUSES),
  startsAt: z.number().int(),
  closesAt: z.number().int(),
  revealAt: z.number().int(),
  endsAt: z.number().int(),
  /** The shoe the cards came from (roulette: 0). */
  shoeNo: z.number().int(),
  outcome: TableOutcome.nullable(),
});
export type TableRound = z.infer<typeof TableRound>;

/** A bet kind's limits in the viewer's currency. */
export const TableLimit = z.object({ kind: z.string(), name: z.string(), min: z.number(), max: z.number() });
export const TableResult = z.object({ roundNo: z.number().int(), shoeNo: z.number().int(), outcome: TableOutcome });
export type TableResult = z.infer<typeof TableResult>;

export const TableSummary = z.object({
  tableId: z.string(),
  game: z.enum(TABLE_GAMES),
  name: z.string(),
  /** The catalogue's game (AG) a launch opens. */
  gameId: z.string(),
  /** ms of each phase, on this server's pace. */
  timing: z.object({ betMs: z.number().int(), dealMs: z.number().int(), resultMs: z.number().int() }),
  round: TableRound,
  /** Settled results, oldest first: the current shoe's (baccarat, dragon tiger) or the last 100 (roulette). */
  history: z.array(TableResult),
  limits: z.array(TableLimit),
});
export type TableSummary = z.infer<typeof TableSummary>;

export const TablesListData = z.object({ serverTime: z.number().int(), list: z.array(TableSummary) });
export const TableIdBody = z.object({ tableId: z.string().trim().min(1).max(16) });

export const TableSpotStake = z.object({ spot: z.string().trim().min(1).max(16), amount: Amount });
export const TableMyBet = z.object({
  betId: z.number().int(),
  roundNo: z.number().int(),
  spots: z.array(z.object({ spot: z.string(), amount: z.number() })),
  stake: z.number(),
  payout: z.number(),
  status: z.enum(['open', 'settled', 'refunded']),
});
export type TableMyBet = z.infer<typeof TableMyBet>;
export const TableStateData = z.object({
  serverTime: z.number().int(),
  table: TableSummary,
  /** The member's bets of this round and the one before (empty for a visitor). */
  myBets: z.array(TableMyBet),
  /** The member's balance at AG (null for a visitor). */
  balance: z.number().nullable(),
});

export const TableBetBody = z.object({
  tableId: z.string().trim().min(1).max(16),
  roundNo: z.number().int().min(0),
  bets: z.array(TableSpotStake).min(1).max(20),
});
export const TableBetData = z.object({ betId: z.number().int(), roundNo: z.number().int(), stake: z.number(), balance: z.number() });

/** On `table:<tableId>`: a round opened, was dealt (its outcome), settled or voided. */
export type TableRoundEvent = { tableId: string; round: TableRound };

// Spots -----------------------------------------------------------------------------------------
export const BACCARAT_SPOTS = ['player', 'banker', 'tie', 'player_pair', 'banker_pair'] as const;
export const DRAGON_TIGER_SPOTS = ['dragon', 'tiger', 'tie'] as const;
/** Roulette's outside bets; inside bets are `straight:N` and `split:A-B`, dozens `dozen:1..3`, columns `column:1..3`. */
export const ROULETTE_OUTSIDE = ['red', 'black', 'odd', 'even', 'low', 'high'] as const;
export const RED_NUMBERS: readonly number[] = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
/** The wheel's pockets clockwise from zero (the single-zero wheel). */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];

/** Whether two numbers share an edge on the layout (0 touches 1, 2 and 3): a split bet's pair. */
export function isSplit(a: number, b: number): boolean {
  const [lo, hi] = a < b ? [a, b] : [b, a];
  if (lo < 0 || hi > 36 || lo === hi) return false;
  if (lo === 0) return hi <= 3;
  return hi - lo === 3 || (hi - lo === 1 && lo % 3 !== 0);
}

/** Whether a spot exists at a game's table. */
export function isTableSpot(game: TableGame, spot: string): boolean {
  if (game === 'baccarat') return (BACCARAT_SPOTS as readonly string[]).includes(spot);
  if (game === 'dragon-tiger') return (DRAGON_TIGER_SPOTS as readonly string[]).includes(spot);
  if ((ROULETTE_OUTSIDE as readonly string[]).includes(spot)) return true;
  const m = /^(straight|split|dozen|column):(\d{1,2})(?:-(\d{1,2}))?$/.exec(spot);
  if (!m) return false;
  const [, kind, a, b] = m;
  if (String(Number(a)) !== a || (b !== undefined && String(Number(b)) !== b)) return false;
  if (kind === 'straight') return b === undefined && Number(a) <= 36;
  if (kind === 'split') return b !== undefined && Number(a) < Number(b) && isSplit(Number(a), Number(b));
  return b === undefined && Number(a) >= 1 && Number(a) <= 3;
}

/** The limit group a spot's stakes count under. */
export function limitKindOf(game: TableGame, spot: string): string {
  if (game === 'baccarat') return spot === 'tie' ? 'tie' : spot.endsWith('_pair') ? 'pair' : 'main';
  if (game === 'dragon-tiger') return spot === 'tie' ? 'tie' : 'main';
  if (spot.startsWith('straight:')) return 'straight';
  if (spot.startsWith('split:')) return 'split';
  if (spot.startsWith('dozen:') || spot.startsWith('column:')) return 'dozen';
  return 'outside';
}

// Cards ---------------------------------------------------------------------------------------
/** Baccarat's point value of a card: A 1, 2-9 their face, tens and faces 0. */
export const baccaratValue = (card: string): number => {
  const rank = card[0];
  return rank === 'A' ? 1 : /[2-9]/.test(rank) ? Number(rank) : 0;
};
/** Dragon tiger's rank order: A lowest (1), K highest (13). */
export const rankOrder = (card: string): number => 'A23456789TJQK'.indexOf(card[0]) + 1;

// Roads ---------------------------------------------------------------------------------------
export type RoadWinner = 'player' | 'banker' | 'tie';
export interface RoadHand {
  winner: RoadWinner;
  playerPair?: boolean;
  bankerPair?: boolean;
}
export interface RoadCell extends RoadHand {
  col: number;
  row: number;
  /** Ties that followed this hand (大路 marks them on the cell, as a slash and a count). */
  ties: number;
}

export const ROAD_ROWS = 6;

/** 珠盘路 (bead plate): every hand in order, down six rows, then the next column. */
export function beadPlate(hands: RoadHand[]): RoadCell[] {
  return hands.map((h, i) => ({ ...h, col: Math.floor(i / ROAD_ROWS), row: i % ROAD_ROWS, ties: 0 }));
}

/**
 * 大路 (big road): a column per run of player or banker wins, down six rows, turning right along the
 * bottom when the column is full or blocked (the dragon's tail); ties are counted on the hand before
 * them (ties before the first hand, on the first).
 */
export function bigRoad(hands: RoadHand[]): RoadCell[] {
  const cells: RoadCell[] = [];
  const taken = new Set<string>();
  let leadingTies = 0;
  let runStart = -1;
  for (const h of hands) {
    const last = cells[cells.length - 1];
    if (h.winner === 'tie') {
      if (last) last.ties++;
      else leadingTies++;
      continue;
    }
    let col: number;
    let row: number;
    if (last && last.winner === h.winner) {
      const down = last.row + 1 < ROAD_ROWS && !taken.has(`${last.col}:${last.row + 1}`);
      [col, row] = down ? [last.col, last.row + 1] : [last.col + 1, last.row];
    } else {
      runStart++;
      [col, row] = [runStart, 0];
      while (taken.has(`${col}:0`)) col++;
      runStart = col;
    }
    taken.add(`${col}:${row}`);
    cells.push({ ...h, col, row, ties: cells.length === 0 ? leadingTies : 0 });
  }
  return cells;
}

/** A result as the roads read it. */
export function roadHandOf(outcome: TableOutcome): RoadHand | null {
  if (outcome.game === 'baccarat') return { winner: outcome.winner, playerPair: outcome.playerPair, bankerPair: outcome.bankerPair };
  if (outcome.game === 'dragon-tiger') return { winner: outcome.winner === 'dragon' ? 'banker' : outcome.winner === 'tiger' ? 'player' : 'tie' };
  return null;
}
