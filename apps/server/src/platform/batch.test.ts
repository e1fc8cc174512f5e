import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { batcher, type Outcome } from './batch.ts';

interface Op {
  turn: string;
  n: number;
  refuse?: boolean;
}

/** A batcher whose batches take `ms` and are recorded; `breakWhen` makes a whole batch throw. */
function recorded(options: { ms?: number; maxSize?: number; besideWaitMs?: number; breakWhen?: (ops: Op[]) => boolean; turnsOneAtATime?: boolean } = {}) {
  const batches: number[][] = [];
  /** When each batch started and ended (performance.now()). */
  const times: Array<{ start: number; end?: number }> = [];
  const alone: number[] = [];
  let running = 0;
  const overlaps: number[][] = [];
  const inFlight = new Set<number>();
  const b = batcher<Op, number>({
    maxSize: options.maxSize,
    besideWaitMs: options.besideWaitMs,
    turnsOneAtATime: options.turnsOneAtATime,
    turnOf: (op) => op.turn,
    run: async (ops) => {
      batches.push(ops.map((op) => op.n));
      const time: { start: number; end?: number } = { start: performance.now() };
      times.push(time);
      running++;
      if (running > 1) overlaps.push([...inFlight, ...ops.map((op) => op.n)]);
      for (const op of ops) inFlight.add(op.n);
      await sleep(options.ms ?? 5);
      time.end = performance.now();
      for (const op of ops) inFlight.delete(op.n);
      running--;
      if (options.breakWhen?.(ops)) throw new Error('the batch’s transaction failed');
      return ops.map((op): Outcome<number> => (op.refuse ? { ok: false, error: new Error(`refused ${op.n}`) } : { ok: true, value: op.n * 10 }));
    },
    alone: async (op) => {
      alone.push(op.n);
      if (op.refuse) throw new Error(`refused ${op.n}`);
      return op.n * 10;
    },
  });
  return { b, batches, times, alone, overlaps };
}

describe('the batcher', () => {
  it('[issue 18] sends a lone operation at once, and gathers what arrives while batches are in flight', async () => {
    const { b, batches } = recorded({ ms: 20 });
    expect(await b.submit({ turn: 'a', n: 1 })).toBe(10);
    expect(batches).toEqual([[1]]);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => b.submit({ turn: `m${i}`, n: i })));
    expect(answers).toEqual(Array.from({ length: 40 }, (_, i) => i * 10));
    // Two batches in flight at most: the first two go as they come, the rest wait and go together.
    expect(batches.length).toBeLessThan(10);
    expect(batches.flat().sort((x, y) => x - y)).toEqual([1, ...Array.from({ length: 40 }, (_, i) => i)].sort((x, y) => x - y));
    expect(b.stats).toMatchObject({ operations: 41, fallbacks: 0 });
  });

  it('[issue 18] never puts two operations of one turn in one batch, and keeps each turn’s order', async () => {
    const { b, batches } = recorded();
    const ops = Array.from({ length: 12 }, (_, n) => ({ turn: n % 3 === 0 ? 'same' : `t${n}`, n }));
    await Promise.all(ops.map((op) => b.submit(op)));
    for (const batch of batches) expect(batch.filter((n) => n % 3 === 0).length).toBeLessThanOrEqual(1);
    expect(batches.flat().filter((n) => n % 3 === 0)).toEqual([0, 3, 6, 9]);
  });

  it('[issue 16] with turnsOneAtATime, a turn’s next operation waits for the batch holding its last one to end', async () => {
    // Batches of 200 ms: the second set must come while the first is in flight, on a busy machine too (20 ms once did not).
    const { b, batches, overlaps } = recorded({ ms: 200, turnsOneAtATime: true });
    const first = [b.submit({ turn: 'same', n: 0 }), b.submit({ turn: 'a', n: 1 })];
    await sleep(5);
    // While the first batch is in flight: a second goes beside it, without the turn it holds.
    const second = [2, 3, 4].map((n) => b.submit({ turn: n === 2 ? 'same' : `t${n}`, n }));
    expect(await Promise.all([...first, ...second])).toEqual([0, 10, 20, 30, 40]);
    expect(batches).toEqual([[0, 1], [3, 4], [2]]);
    expect(overlaps[0]).toEqual([0, 1, 3, 4]);
    for (const together of overlaps) expect(together.filter((n) => n === 0 || n === 2).length).toBe(1);
  });

  it('[issue 18] answers a refused operation alone, beside the others', async () => {
    const { b } = recorded();
    const results = await Promise.allSettled([1, 2, 3, 4].map((n) => b.submit({ turn: `t${n}`, n, refuse: n === 3 })));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([10, 20, 'refused 3', 40]);
  });

  it('[issue 18] sends each operation of a batch whose transaction failed again alone', async () => {
    const { b, alone } = recorded({ breakWhen: (ops) => ops.length > 1 });
    const first = b.submit({ turn: 'x', n: 100 });
    const rest = [1, 2, 3].map((n) => b.submit({ turn: `t${n}`, n, refuse: n === 2 }));
    const results = await Promise.allSettled([first, ...rest]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([1000, 10, 'refused 2', 30]);
    expect(alone.sort((x, y) => x - y)).toEqual([1, 2, 3, 100]);
    expect(b.stats.fallbacks).toBeGreaterThan(0);
  });

  it('[issue 18] a batch beside one in flight waits to be as large, for besideWaitMs at most, and goes at once when a batch ends', async () => {
    const ops = (from: number, count: number) => Array.from({ length: count }, (_, i) => ({ turn: `t${from + i}`, n: from + i }));
    const submitted = (b: ReturnType<typeof recorded>['b'], list: Op[]) => Promise.all(list.map((op) => b.submit(op)));

    // As large as the batch in flight: it goes at once, beside it.
    const large = recorded({ ms: 60, besideWaitMs: 1_000 });
    const first = submitted(large.b, ops(0, 4));
    await sleep(5);
    await Promise.all([first, submitted(large.b, ops(4, 4))]);
    expect(large.batches).toEqual([ops(0, 4).map((op) => op.n), ops(4, 4).map((op) => op.n)]);
    expect(large.times[1].start).toBeLessThan(large.times[0].end!);

    // Smaller: it waits for besideWaitMs, then goes beside the batch still in flight.
    const waited = recorded({ ms: 400, besideWaitMs: 30 });
    const before = submitted(waited.b, ops(0, 4));
    await sleep(5);
    const at = performance.now();
    await Promise.all([before, submitted(waited.b, ops(4, 1))]);
    expect(waited.batches).toEqual([[0, 1, 2, 3], [4]]);
    expect(waited.times[1].start - at).toBeGreaterThanOrEqual(25);
    expect(waited.times[1].start).toBeLessThan(waited.times[0].end!);

    // Smaller, with a long wait: it goes when the batch in flight ends, with what came meanwhile.
    const ended = recorded({ ms: 40, besideWaitMs: 10_000 });
    const one = submitted(ended.b, ops(0, 4));
    await sleep(5);
    const two = submitted(ended.b, ops(4, 2));
    await sleep(10);
    await Promise.all([one, two, submitted(ended.b, ops(6, 1))]);
    expect(ended.batches).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6],
    ]);
    expect(ended.times[1].start).toBeGreaterThanOrEqual(ended.times[0].end!);
    expect(ended.times[1].start - ended.times[0].end!).toBeLessThan(1_000);
  });

  it('[issue 18] holds batches to their largest size', async () => {
    const { b, batches } = recorded({ maxSize: 4, ms: 10 });
    await Promise.all(Array.from({ length: 30 }, (_, n) => b.submit({ turn: `t${n}`, n })));
    expect(Math.max(...batches.map((batch) => batch.length))).toBe(4);
  });
});
