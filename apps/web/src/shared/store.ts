import { useSyncExternalStore } from 'react';

/** A tiny observable value for state that lives outside React (session, theme preview, dialogs). */
export interface Store<T> {
  get(): T;
  set(next: T): void;
  subscribe(fn: () => void): () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      listeners.forEach((fn) => fn());
    },
    subscribe(fn) {
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
  };
}

export const useStore = <T>(store: Pick<Store<T>, 'get' | 'subscribe'>): T => useSyncExternalStore(store.subscribe, store.get, store.get);
