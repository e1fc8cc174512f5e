import type { MarketKind } from '@bp/contract';

/** What a market is, as the book stores it: its kind, its line or map, and its selection codes. */
export interface MarketSpec {
  kind: MarketKind;
  /** Handicap of the home side (ah, spread) or the total (ou, total); null otherwise. */
  line: number | null;
  /** The map of a map-winner market; null otherwise. */
  mapNo: number | null;
}

/** The one key of a market within its match, e.g. '1x2', 'ah:-0.25', 'map_winner:2'. */
export function specKey(m: MarketSpec): string {
  if (m.mapNo !== null) return `${m.kind}:${m.mapNo}`;
  if (m.line !== null) return `${m.kind}:${m.line}`;
  return m.kind;
}

/** Main lines take the larger stakes; props (both to score, correct score, single maps) the smaller. */
export const MAIN_MARKETS: ReadonlySet<MarketKind> = new Set(['1x2', 'ah', 'ou', 'ml', 'spread', 'total', 'match_winner']);

/** Markets shown on list screens, one of each of these kinds at most. */
export const LIST_MARKETS: readonly MarketKind[] = ['1x2', 'ml', 'match_winner', 'ah', 'spread', 'ou', 'total'];

/** Correct-score grid: every score up to 3-3 has its own selection, anything else is 'other'. */
export const CORRECT_SCORE_MAX = 3;

const MARKET_NAMES: Record<MarketKind, string> = {
  '1x2': '全场独赢',
  ah: '全场让球',
  ou: '全场大小',
  btts: '双方均进球',
  cs: '波胆',
  ml: '独赢',
  spread: '让分',
  total: '总分大小',
  match_winner: '比赛获胜',
  map_winner: '地图获胜',
};

export function marketName(m: MarketSpec): string {
  if (m.kind === 'map_winner') return `第${m.mapNo}局获胜`;
  return MARKET_NAMES[m.kind];
}

/** Asian notation: a quarter line shows the two half-stakes' lines, e.g. -0.25 is '-0/0.5'. */
export function formatLine(line: number, signed: boolean): string {
  const sign = line < 0 ? '-' : signed && line > 0 ? '+' : '';
  const abs = Math.abs(line);
  const quarter = Math.round(abs * 4) % 2 === 1;
  const text = quarter ? `${abs - 0.25}/${abs + 0.25}` : `${abs}`;
  return abs === 0 ? '0' : `${sign}${text}`;
}

export interface Teams {
  homeName: string;
  visitName: string;
}

/** The name a member reads for a selection of a market. */
export function selectionName(m: MarketSpec, code: string, teams: Teams): string {
  const side = code === 'home' ? teams.homeName : code === 'visit' ? teams.visitName : null;
  switch (m.kind) {
    case '1x2':
      return side ?? '和局';
    case 'ah':
    case 'spread':
      return `${side} ${formatLine(code === 'home' ? m.line! : -m.line!, true)}`;
    case 'ou':
    case 'total':
      return `${code === 'over' ? '大' : '小'} ${formatLine(m.line!, false)}`;
    case 'btts':
      return code === 'yes' ? '是' : '否';
    case 'cs':
      return code === 'other' ? '其他比分' : code;
    default:
      return side ?? code;
  }
}

/** The selection codes of a market, in display order. */
export function selectionCodes(kind: MarketKind): string[] {
  switch (kind) {
    case '1x2':
      return ['home', 'draw', 'visit'];
    case 'ou':
    case 'total':
      return ['over', 'under'];
    case 'btts':
      return ['yes', 'no'];
    case 'cs':
      return correctScoreCodes();
    default:
      return ['home', 'visit'];
  }
}

export function correctScoreCodes(): string[] {
  const codes: string[] = [];
  for (let h = 0; h <= CORRECT_SCORE_MAX; h++) for (let v = 0; v <= CORRECT_SCORE_MAX; v++) codes.push(`${h}-${v}`);
  return [...codes, 'other'];
}
