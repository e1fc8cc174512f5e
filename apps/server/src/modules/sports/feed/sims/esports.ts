import type { FeedMarket } from '../adapter.ts';
import { market, priceMarket, type Scenario } from '../pricing.ts';
import type { Score, SportSim, Step } from './sim.ts';

/** Maps last 25 to 45 minutes with 8-minute breaks between them. */
const MAP_MIN = 1500;
const MAP_SPREAD = 1200;
const BREAK = 480;
/** How far the live chance of a map can drift from its pre-map value, per whole map. */
const MOMENTUM_SD = 1.2;

export interface EsportsMemory {
  t: number;
  bestOf: number;
  /** The home side's chance to win a map before it starts. */
  mapChance: number;
  /** Winners of the maps played so far. */
  maps: Array<'home' | 'visit'>;
  /** Feed time the current map started, and its length (drawn when it starts). */
  mapStart: number;
  mapLength: number;
  /** Log-odds swing of the map under way (gold leads, objectives). */
  momentum: number;
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));
const logit = (p: number) => Math.log(p / (1 - p));
const winsNeeded = (mem: EsportsMemory) => Math.floor(mem.bestOf / 2) + 1;
const countOf = (maps: EsportsMemory['maps'], side: 'home' | 'visit') => maps.filter((m) => m === side).length;
const liveChance = (mem: EsportsMemory) => logistic(logit(mem.mapChance) + mem.momentum);
const gaussian = (random: () => number) => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());

/** Every way the series can still go, map by map, with the current map at its live chance. */
function scenarios(mem: EsportsMemory, inPlay: boolean): Scenario[] {
  const out: Scenario[] = [];
  const need = winsNeeded(mem);
  const walk = (maps: EsportsMemory['maps'], p: number, first: boolean) => {
    const h = countOf(maps, 'home');
    const v = countOf(maps, 'visit');
    if (h === need || v === need) return void out.push({ p, result: { homeScore: h, visitScore: v, maps } });
    const chance = first && inPlay ? liveChance(mem) : mem.mapChance;
    walk([...maps, 'home'], p * chance, false);
    walk([...maps, 'visit'], p * (1 - chance), false);
  };
  walk(mem.maps, 1, true);
  return out;
}

function newMap(mem: EsportsMemory, start: number, random: () => number): EsportsMemory {
  return { ...mem, mapStart: start, mapLength: MAP_MIN + Math.floor(random() * MAP_SPREAD), momentum: 0 };
}

export const esports = (bestOf: number): SportSim<EsportsMemory> => ({
  init(homeRating, visitRating) {
    const mapChance = 1 / (1 + 10 ** ((visitRating - homeRating) / 400));
    return { t: 0, bestOf, mapChance, maps: [], mapStart: 0, mapLength: MAP_MIN + Math.floor(Math.random() * MAP_SPREAD), momentum: 0 };
  },

  advance(mem, toT, _score: Score, random = Math.random): Step<EsportsMemory> {
    let m = { ...mem };
    let scorer: 'home' | 'visit' | null = null;
    while (m.t < toT) {
      const mapEnd = m.mapStart + m.mapLength;
      const to = Math.min(toT, mapEnd);
      m.momentum += gaussian(random) * MOMENTUM_SD * Math.sqrt(Math.max(0, to - Math.max(m.t, m.mapStart)) / m.mapLength);
      m.t = to;
      if (to < mapEnd) break;
      const winner = random() < liveChance(m) ? 'home' : 'visit';
      scorer = winner;
      m = { ...m, maps: [...m.maps, winner] };
      if (countOf(m.maps, winner) === winsNeeded(m)) break;
      m = newMap(m, mapEnd + BREAK, random);
      m.t = Math.min(toT, m.mapStart);
    }
    const score = { home: countOf(m.maps, 'home'), visit: countOf(m.maps, 'visit') };
    const over = Math.max(score.home, score.visit) === winsNeeded(m);
    const inBreak = !over && m.t < m.mapStart;
    return {
      mem: m,
      score,
      scorer,
      period: over ? 'FT' : inBreak ? 'BREAK' : `MAP${m.maps.length + 1}`,
      clock: over || inBreak ? 0 : Math.floor(m.t - m.mapStart),
      // Between maps (and as a map ends) the book waits for the next map to start.
      suspended: scorer !== null || inBreak,
      result: over ? { homeScore: score.home, visitScore: score.visit, maps: m.maps } : null,
    };
  },

  markets(mem, _score, suspended): FeedMarket[] {
    const inPlay = mem.t > 0 && mem.t >= mem.mapStart;
    const all = scenarios(mem, inPlay);
    const status = suspended ? 'suspended' : 'open';
    const mapMarkets = Array.from({ length: mem.bestOf }, (_, i) => {
      const spec = market('map_winner', null, i + 1);
      // A map already played is decided: its market closes.
      if (i < mem.maps.length)
        return {
          ...spec,
          status: 'closed' as const,
          selections: [
            { code: 'home', odds: null },
            { code: 'visit', odds: null },
          ],
        };
      return priceMarket(spec, all, status);
    });
    return [priceMarket(market('match_winner'), all, status), ...mapMarkets];
  },
});
