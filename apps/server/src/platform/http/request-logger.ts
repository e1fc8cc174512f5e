import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, FastifyChildLoggerFactory } from 'fastify/types/logger.js';

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
type Level = (typeof LEVELS)[number];
type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger, made when the request first logs at an enabled level. Fastify gives every
 * request a child logger bound to its id; most requests never log above the configured level, and
 * making a pino child for each one was a measurable share of the hottest calls.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- its level methods are made on the prototype below
class RequestLogger {
  private made: FastifyBaseLogger | null = null;
  constructor(
    private readonly parent: FastifyBaseLogger & { isLevelEnabled?(level: string): boolean },
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get level(): string {
    return this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
  }

  private logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  /** What each level's method does (they are made below, one per level). */
  write(level: Level, args: LogArgs): void {
    if (this.made === null && this.parent.isLevelEnabled?.(level) === false) return;
    (this.logger()[level] as (...a: LogArgs) => void)(...args);
  }

  silent() {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the level methods the loop below puts on the prototype
interface RequestLogger extends Record<Level, (...args: LogArgs) => void> {}
for (const level of LEVELS) {
  RequestLogger.prototype[level] = function (this: RequestLogger, ...args: LogArgs) {
    this.write(level, args);
  };
}

/** Fastify's `childLoggerFactory`: a route with a level of its own gets its pino child at once. */
export const lazyRequestLogger: FastifyChildLoggerFactory = (logger, bindings, options) =>
  options.level ? logger.child(bindings, options) : (new RequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger);
