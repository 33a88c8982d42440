import { createHmac, timingSafeEqual } from 'node:crypto';

/** Codes are stored as keyed hashes, bound to their account, so a database leak reveals none. */
export class CodeHasher {
  constructor(private readonly secret: string) {}

  hash(account: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${account}:${code}`).digest('hex');
  }

  matches(account: string, code: string, storedHash: string): boolean {
    const expected = Buffer.from(this.hash(account, code), 'hex');
    const stored = Buffer.from(storedHash, 'hex');
    return expected.length === stored.length && timingSafeEqual(expected, stored);
  }
}
