import { newIdempotencyKey } from './request.ts';

/**
 * One money-moving intent of the member and its `Idempotency-Key`: the key is made when the member
 * acts, sent again with every retry of the same request, and replaced once the intent succeeded
 * or the member changed what they ask for. A retry after a lost answer therefore moves the money
 * at most once.
 */
export class MoneyIntent {
  private key: string | null = null;
  private body = '';

  constructor(private readonly newKey: () => string = newIdempotencyKey) {}

  keyFor(body: unknown): string {
    const text = JSON.stringify(body ?? null);
    if (this.key === null || text !== this.body) {
      this.key = this.newKey();
      this.body = text;
    }
    return this.key;
  }

  /** The intent succeeded: the next action is a new one. */
  done(): void {
    this.key = null;
    this.body = '';
  }
}
