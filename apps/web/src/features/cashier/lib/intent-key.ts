import { newIdempotencyKey } from '../../../lib/money-request';

/**
 * One idempotency key per money-moving intent. A retry of the same request (the answer was lost, the
 * network failed) reuses the key, so the server returns the first result instead of acting twice; a
 * request that differs from the last attempt is a new intent and gets a new key (the server would refuse
 * the old key with another body); after a success the next intent starts with a fresh key.
 */
export class IntentKey {
  private key: string;
  private lastBody: string | null = null;

  constructor(private readonly make: () => string = newIdempotencyKey) {
    this.key = make();
  }

  /** The key to send with `body`. */
  for(body: unknown): string {
    const text = JSON.stringify(body);
    if (this.lastBody !== null && this.lastBody !== text) this.key = this.make();
    this.lastBody = text;
    return this.key;
  }

  /** After a success: the next request is another intent. */
  renew(): void {
    this.key = this.make();
    this.lastBody = null;
  }
}
