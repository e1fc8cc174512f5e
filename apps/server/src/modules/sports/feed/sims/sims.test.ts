import { describe, expect, it } from 'vitest';
import type { FeedMarket } from '../adapter.ts';
import { PAYBACK } from '../pricing.ts';
import { football, type FootballMemory } from './football.ts';
import { basketball } from './basketball.ts';
import { esports } from './esports.ts';

/** A seeded random source (mulberry32), so simulated matches replay exactly. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const find = (markets: FeedMarket[], kind: string, line: number | null = null) => markets.find((m) => m.kind === kind && (line === null || m.line === line))!;
const overround = (m: FeedMarket) => m.selections.reduce((sum, s) => sum + 1 / s.odds!, 0);
const odds = (m: FeedMarket, code: string) => m.selections.find((s) => s.code === code)!.odds!;

describe('football prices', () => {
  const mem = football.init(88, 80);
  const pre = football.markets(mem, { home: 0, visit: 0 }, false);

  it('prices every market from the ratings with the operator margin', () => {
    expect(pre.map((m) => m.kind)).toEqual(['1x2', 'ah', 'ah', 'ah', 'ou', 'ou', 'ou', 'btts', 'cs']);
    expect(overround(find(pre, '1x2'))).toBeGreaterThan(1 / PAYBACK.main - 0.01);
    expect(overround(find(pre, '1x2'))).toBeLessThan(1 / PAYBACK.main + 0.02);
    expect(odds(find(pre, '1x2'), 'home')).toBeLessThan(odds(find(pre, '1x2'), 'visit'));
    expect(find(pre, 'cs').selections).toHaveLength(17);
    expect(pre.every((m) => m.status === 'open')).toBe(true);
  });

  it('offers quarter lines around an even main line', () => {
    expect(mem.ahLines.some((l) => Math.abs(l % 0.5) === 0.25)).toBe(true);
    const main = find(pre, 'ah', mem.ahLines[1]);
    expect(odds(main, 'home')).toBeGreaterThan(1.6);
    expect(odds(main, 'visit')).toBeGreaterThan(1.6);
  });

  it('moves prices with the score and the clock, suspending after a goal', () => {
    const later: FootballMemory = { ...mem, t: 4500 };
    const level = football.markets(later, { home: 0, visit: 0 }, false);
    const ahead = football.markets(later, { home: 1, visit: 0 }, false);
    expect(odds(find(ahead, '1x2'), 'home')).toBeLessThan(odds(find(level, '1x2'), 'home'));
    const nearEnd = football.markets({ ...mem, t: 5600 }, { home: 1, visit: 0 }, false);
    expect(odds(find(nearEnd, '1x2'), 'home')).toBeLessThan(odds(find(ahead, '1x2'), 'home'));
    // 1-0 cannot end 0-0: that correct score is closed.
    expect(find(ahead, 'cs').selections.find((s) => s.code === '0-0')!.odds).toBeNull();
    let step = football.advance(mem, 10, { home: 0, visit: 0 }, () => 0.999);
    for (let t = 60, random = seeded(7); !step.scorer; t += 60) step = football.advance(step.mem, t, step.score, random);
    expect(step.suspended).toBe(true);
    expect(football.markets(step.mem, step.score, step.suspended).every((m) => m.status !== 'open')).toBe(true);
  });

  it('plays whole matches with about the expected goals and reports results', () => {
    const random = seeded(42);
    let goals = 0;
    const n = 400;
    for (let i = 0; i < n; i++) {
      let step = football.advance(mem, 0, { home: 0, visit: 0 }, random);
      for (let t = 600; !step.result; t += 600) step = football.advance(step.mem, t, step.score, random);
      expect(step.period).toBe('FT');
      goals += step.result.homeScore + step.result.visitScore;
    }
    expect(goals / n).toBeGreaterThan((mem.lambdaHome + mem.lambdaVisit) * 0.85);
    expect(goals / n).toBeLessThan((mem.lambdaHome + mem.lambdaVisit) * 1.15);
  });
});

describe('basketball', () => {
  it('plays to a winner (overtime on a tie) with totals near the line', () => {
    const mem = basketball.init(92, 88);
    const random = seeded(3);
    let total = 0;
    for (let i = 0; i < 100; i++) {
      let step = basketball.advance(mem, 0, { home: 0, visit: 0 }, random);
      for (let t = 300; !step.result; t += 300) step = basketball.advance(step.mem, t, step.score, random);
      expect(step.result.homeScore).not.toBe(step.result.visitScore);
      total += step.result.homeScore + step.result.visitScore;
    }
    expect(total / 100).toBeGreaterThan(mem.total - 10);
    expect(total / 100).toBeLessThan(mem.total + 10);
    const pre = basketball.markets(mem, { home: 0, visit: 0 }, false);
    expect(pre.map((m) => m.kind)).toEqual(['ml', 'spread', 'spread', 'spread', 'total', 'total', 'total']);
    expect(overround(find(pre, 'total', mem.totalLines[1]))).toBeCloseTo(1 / PAYBACK.main, 1);
  });
});

describe('esports', () => {
  it('plays a best of three map by map, closing maps played and pricing the series', () => {
    const sim = esports(3);
    const mem = sim.init(1850, 1700);
    const random = seeded(11);
    let step = sim.advance(mem, 0, { home: 0, visit: 0 }, random);
    const periods = new Set<string>();
    for (let t = 120; !step.result; t += 120) {
      step = sim.advance(step.mem, t, step.score, random);
      periods.add(step.period);
      if (!step.result && step.mem.maps.length === 1) {
        const markets = sim.markets(step.mem, step.score, false);
        expect(find(markets, 'map_winner').status).toBe('closed');
      }
    }
    expect(periods.has('MAP1') && periods.has('BREAK')).toBe(true);
    expect(Math.max(step.result.homeScore, step.result.visitScore)).toBe(2);
    expect(step.result.maps).toHaveLength(step.result.homeScore + step.result.visitScore);
    const pre = sim.markets(mem, { home: 0, visit: 0 }, false);
    expect(odds(find(pre, 'match_winner'), 'home')).toBeLessThan(odds(find(pre, 'match_winner'), 'visit'));
    expect(pre.filter((m) => m.kind === 'map_winner')).toHaveLength(3);
  });
});
