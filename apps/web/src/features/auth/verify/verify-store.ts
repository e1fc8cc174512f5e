import type { NeedSafeData } from '@bp/contract';
import { createStore } from '../../../shared/store.ts';

/**
 * The open security verification, if any (seed 4). The common request path asks through
 * `requestVerification` and waits; the dialog answers with a ticket, or null when closed.
 */
export interface PendingVerification {
  need: NeedSafeData;
  finish(ticket: string | null): void;
}

export const pendingVerification = createStore<PendingVerification | null>(null);

export function requestVerification(need: NeedSafeData): Promise<string | null> {
  // One dialog at a time: a newer request replaces an open one, which is cancelled.
  const current = pendingVerification.get();
  if (current) current.finish(null);
  return new Promise((resolve) => {
    const pending: PendingVerification = {
      need,
      finish(ticket) {
        if (pendingVerification.get() === pending) pendingVerification.set(null);
        resolve(ticket);
      },
    };
    pendingVerification.set(pending);
  });
}
