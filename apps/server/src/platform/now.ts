/**
 * A value, or the promise of it. Hot paths that read warm in-memory caches answer synchronously and
 * make no promise (every request passes through them); a cold cache answers with the promise.
 */
export type Now<T> = T | Promise<T>;

/** Applies `next` to a value now, or once its promise settles. */
export const andThen = <T, U>(value: Now<T>, next: (v: T) => Now<U>): Now<U> => (value instanceof Promise ? value.then(next) : next(value));
