/**
 * A small in-process cache of a few slow-changing lists (topics, categories, hot words): each key
 * is loaded at most once per `ttlMs`, concurrent readers share one load, failed loads are not kept,
 * and clear() drops everything (including a load in flight, whose result is then not stored).
 * Per process: other replicas see a change at the latest after `ttlMs`.
 */
export class TtlCache {
  private readonly entries = new Map<string, { expires: number; value: Promise<unknown> }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && entry.expires > this.now()) return entry.value as Promise<T>;
    const generation = this.generation;
    const value = load();
    this.entries.set(key, { expires: this.now() + this.ttlMs, value });
    value.catch(() => {
      if (this.generation === generation && this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
