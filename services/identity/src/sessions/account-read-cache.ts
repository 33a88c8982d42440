/** Entries kept before the oldest are dropped; a few MB at most. */
export const ACCOUNT_READ_CACHE_LIMIT = 20_000;

/**
 * What identity read of its users, sessions and staff, kept between writes so that a signed-in
 * call does not read the same rows on every request (ADR 0021).
 *
 * It is only used while it is told about every write: `AccountWriteWatcher` empties it after
 * each write of this process to those tables (before the write's caller goes on), and
 * `AccountChangeListener` empties it when PostgreSQL announces a committed write of any other
 * process. Until the listener is connected, and whenever it loses its connection, every read
 * goes to the database. A read that was under way when the cache was emptied is not kept, so a
 * row read before a write can never be kept after it.
 */
export class AccountReadCache {
  private readonly entries = new Map<string, unknown>();
  private generation = 0;
  private live = false;

  constructor(private readonly limit = ACCOUNT_READ_CACHE_LIMIT) {}

  /**
   * The kept value of `key`, or `load()`'s, kept if nothing was written meanwhile. Nothing found
   * (undefined) is not kept: a row another process inserts is announced by no notice.
   */
  async read<T>(key: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    if (!this.live) return load();
    const kept = this.entries.get(key) as T | undefined;
    if (kept !== undefined) return kept;
    const generation = this.generation;
    const value = await load();
    if (value !== undefined && this.live && generation === this.generation) {
      if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Something was written: nothing read before now may be answered again. */
  invalidate(): void {
    this.generation += 1;
    this.entries.clear();
  }

  /** Whether writes of other processes are being announced; without them nothing is kept. */
  setLive(live: boolean): void {
    this.invalidate();
    this.live = live;
  }

  get size(): number {
    return this.entries.size;
  }
}
