/**
 * An in-process read-through cache: each key is loaded at most once per `ttlMs`, concurrent
 * readers of a key share one load, failed loads are not kept, at most `maxEntries` keys are kept
 * (the least recently read go first), and clear()/delete() drop entries, including a load in
 * flight, whose result is then not stored. A ttl of 0 turns caching off (every get loads).
 * Per process: other replicas see a change at the latest after `ttlMs`.
 */
export class ReadThroughCache<T = unknown> {
  private readonly entries = new Map<string, { expires: number; value: Promise<T> }>();
  private generation = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  get<V extends T>(key: string, load: () => Promise<V>): Promise<V> {
    if (this.ttlMs <= 0) return load();
    const entry = this.entries.get(key);
    if (entry && entry.expires > this.now()) {
      // Re-inserting keeps the Map in least-recently-read order for eviction.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value as Promise<V>;
    }
    const generation = this.generation;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { expires: this.now() + this.ttlMs, value });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    value.catch(() => {
      if (this.generation === generation && this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
