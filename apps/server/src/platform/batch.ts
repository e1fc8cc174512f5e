/**
 * Gathers concurrent operations into batches, so a money path pays its transaction's fixed cost
 * (round trips, BEGIN, COMMIT and its WAL flush) once for many operations (issue 18).
 *
 * An operation waits for the batch in flight (if the limit is reached) and goes with whatever
 * else arrived meanwhile, up to `maxSize`: a lone request is not delayed, and under load the
 * batches grow by themselves, as a database's group commit does. Two operations of one `turn`
 * (e.g. one member's bets, which count each other's limits) never share a batch: the later one
 * waits for the next.
 *
 * A batch beside one in flight waits until it is as large as the largest in flight, or until its
 * oldest operation has waited `besideWaitMs`; when a batch ends, the next goes at once. Started at
 * every free slot, the batches beside came out lopsided: of 32 members betting, a third of the
 * batches held one to three bets and paid a whole transaction's fixed cost for those few, and
 * PostgreSQL's CPU per bet was a tenth higher (issue 18, bench/README.md).
 *
 * `run` answers every operation of its batch, each with its own result: a refused operation fails
 * alone. Should `run` throw (the batch's transaction failed, so nothing of it was written), each
 * operation goes again alone through `alone`, the one-operation path: one bad operation can cost
 * its batch a retry, never its answer.
 */
export type Outcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

export interface BatchOptions<I, O> {
  run: (items: I[]) => Promise<Outcome<O>[]>;
  alone: (item: I) => Promise<O>;
  /** Operations of one turn go in different batches, in the order they came. */
  turnOf: (item: I) => string;
  /**
   * A turn's next operation waits until the batch holding its last one has ended (not only for a
   * later batch): one turn's operations are applied strictly in the order they came (the
   * originals' nonces), and batches in flight never share a turn.
   */
  turnsOneAtATime?: boolean;
  maxSize?: number;
  /** Batches in flight at once (each is one transaction, holding one pooled connection). */
  maxInFlight?: number;
  /** How long a batch beside another waits, at most, to grow as large (milliseconds). */
  besideWaitMs?: number;
}

export interface Batcher<I, O> {
  submit(item: I): Promise<O>;
  /** Operations answered, batches run, and batches that went again one by one: for tests and benchmarks. */
  readonly stats: { operations: number; batches: number; fallbacks: number };
}

interface Waiting<I, O> {
  item: I;
  /** When it came (performance.now()). */
  at: number;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export function batcher<I, O>(options: BatchOptions<I, O>): Batcher<I, O> {
  const maxSize = options.maxSize ?? 64;
  const maxInFlight = options.maxInFlight ?? 2;
  const besideWaitMs = options.besideWaitMs ?? 5;
  const queue: Waiting<I, O>[] = [];
  const stats = { operations: 0, batches: 0, fallbacks: 0 };
  /** The sizes of the batches in flight. */
  const inFlight: number[] = [];
  let scheduled = false;
  let waking: NodeJS.Timeout | undefined;
  /** Turns of the batches in flight (turnsOneAtATime). */
  const busy = new Set<string>();

  /** The next batch: the oldest operations, one per turn, the rest kept in their order. */
  const takeBatch = (): Waiting<I, O>[] => {
    const batch: Waiting<I, O>[] = [];
    const turns = new Set<string>(options.turnsOneAtATime ? busy : []);
    for (let i = 0; i < queue.length && batch.length < maxSize;) {
      const turn = options.turnOf(queue[i].item);
      if (turns.has(turn)) {
        i++;
        continue;
      }
      turns.add(turn);
      batch.push(queue.splice(i, 1)[0]);
    }
    if (options.turnsOneAtATime) for (const w of batch) busy.add(options.turnOf(w.item));
    return batch;
  };

  const settle = async (batch: Waiting<I, O>[]): Promise<void> => {
    let outcomes: Outcome<O>[];
    try {
      outcomes = await options.run(batch.map((w) => w.item));
      stats.batches++;
    } catch {
      stats.fallbacks++;
      outcomes = await Promise.all(
        batch.map((w) =>
          options.alone(w.item).then(
            (value): Outcome<O> => ({ ok: true, value }),
            (error: unknown): Outcome<O> => ({ ok: false, error }),
          ),
        ),
      );
    }
    if (options.turnsOneAtATime) for (const w of batch) busy.delete(options.turnOf(w.item));
    batch.forEach((w, i) => {
      const outcome = outcomes[i];
      stats.operations++;
      if (outcome.ok) w.resolve(outcome.value);
      else w.reject(outcome.error);
    });
  };

  /** Milliseconds the queue should still wait to grow beside the batches in flight (0: go now). */
  const besideWait = (): number => {
    if (inFlight.length === 0 || queue.length >= Math.min(maxSize, Math.max(...inFlight))) return 0;
    return Math.max(0, queue[0].at + besideWaitMs - performance.now());
  };

  const flush = (): void => {
    scheduled = false;
    while (inFlight.length < maxInFlight && queue.length > 0) {
      const wait = besideWait();
      if (wait > 0) {
        waking ??= setTimeout(() => {
          waking = undefined;
          flush();
        }, wait);
        return;
      }
      const batch = takeBatch();
      if (batch.length === 0) return;
      inFlight.push(batch.length);
      void settle(batch).finally(() => {
        inFlight.splice(inFlight.indexOf(batch.length), 1);
        schedule();
      });
    }
  };

  /** After the current turn of the event loop: operations that arrive together go together. */
  const schedule = (): void => {
    if (scheduled || queue.length === 0 || inFlight.length >= maxInFlight) return;
    scheduled = true;
    setImmediate(flush);
  };

  return {
    stats,
    submit(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, at: performance.now(), resolve, reject });
        schedule();
      });
    },
  };
}

/** A batcher per database handle: `(db, item)` submits; `statsOf(db)` is that batcher's stats (tests, benchmarks). */
export interface PerDatabase<D, I, O> {
  (db: D, item: I): Promise<O>;
  statsOf(db: D): Batcher<I, O>['stats'] | undefined;
}

/**
 * `batcher` kept per database handle (test servers share a process, each with its own database),
 * made by `optionsOf(db)` on first use.
 */
export function batcherPerDatabase<D extends object, I, O>(optionsOf: (db: D) => BatchOptions<I, O>): PerDatabase<D, I, O> {
  const batchers = new WeakMap<D, Batcher<I, O>>();
  const submit = (db: D, item: I): Promise<O> => {
    let b = batchers.get(db);
    if (!b) batchers.set(db, (b = batcher(optionsOf(db))));
    return b.submit(item);
  };
  return Object.assign(submit, { statsOf: (db: D) => batchers.get(db)?.stats });
}
