import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** The handlers still at work (see `InFlight`). */
    inFlight: InFlight;
  }
}

/**
 * The route handlers still at work. Closing the HTTP server waits for open connections only: a
 * handler whose client has gone away (a load generator stopping, a phone losing its signal) keeps
 * running, so the database is closed only once these are done.
 */
export class InFlight {
  private readonly pending = new Set<Promise<unknown>>();

  track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    const done = () => this.pending.delete(work);
    work.then(done, done);
    return work;
  }

  get size(): number {
    return this.pending.size;
  }

  /** Resolves once every tracked handler has settled, or after `limitMs` whatever is left. */
  async drained(limitMs: number): Promise<void> {
    const until = Date.now() + limitMs;
    while (this.pending.size > 0 && Date.now() < until) {
      let timer: NodeJS.Timeout | undefined;
      const limit = new Promise((resolve) => (timer = setTimeout(resolve, until - Date.now())));
      await Promise.race([Promise.allSettled([...this.pending]), limit]);
      clearTimeout(timer);
    }
  }
}

export function installInFlight(app: FastifyInstance): void {
  app.decorate('inFlight', new InFlight());
}
