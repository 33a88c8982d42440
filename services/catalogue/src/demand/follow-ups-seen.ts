/**
 * The follow-ups already counted, so a replayed token adds nothing: each search counts at most
 * one "opened" and one "ordered". Entries share one lifetime (a token's), so the Map's insertion
 * order is also their expiry order and forgetting starts at the front. Per process: behind
 * several replicas a replay reaching another one counts again, which read-time capping of the
 * shares (at most 1) bounds.
 */
export class FollowUpsSeen {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly lifetimeMs: number,
    private readonly maxEntries: number,
  ) {}

  /** True the first time `id` is offered within its lifetime. */
  firstTime(id: string, nowMs: number): boolean {
    this.forgetExpired(nowMs);
    if (this.seen.has(id)) return false;
    this.seen.set(id, nowMs + this.lifetimeMs);
    if (this.seen.size > this.maxEntries) this.seen.delete(this.seen.keys().next().value as string);
    return true;
  }

  private forgetExpired(nowMs: number): void {
    for (const [id, expires] of this.seen) {
      if (expires > nowMs) break;
      this.seen.delete(id);
    }
  }
}
