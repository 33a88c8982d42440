/** At most this many kept lists per kind (each at most SIMILAR_CANDIDATES + 1 numbers). */
const LISTS_PER_KIND_LIMIT = 20_000;

/**
 * Per kind, the best sellers of a category or tag (first N + 1 document numbers in sales order),
 * kept between "similar materials" calls (CatalogueIndex.similar, ADR 0020). A change to a
 * document can only change the lists of the sets it is or was in: those are forgotten, the rest
 * kept.
 */
export class KeptBestSellerLists {
  private readonly byKind = new Map<number, Map<string, { limit: number; list: Uint32Array }>>();

  /** The kept first `limit` of `set` (a category or tag, see setKeys), worked out by `find` when it is not kept. */
  get(kind: number, set: string, limit: number, find: () => Uint32Array): Uint32Array {
    let lists = this.byKind.get(kind);
    if (!lists) this.byKind.set(kind, (lists = new Map()));
    const kept = lists.get(set);
    if (kept?.limit === limit) return kept.list;
    const list = find();
    if (lists.size >= LISTS_PER_KIND_LIMIT) lists.clear();
    lists.set(set, { limit, list });
    return list;
  }

  /** A document of `kind` in these sets was published, changed, sold or withdrawn. */
  forget(kind: number, sets: readonly string[]): void {
    const lists = this.byKind.get(kind);
    if (lists) for (const set of sets) lists.delete(set);
  }

  clear(): void {
    this.byKind.clear();
  }
}

/** The keys of a document's category (none below 0) and tags in KeptBestSellerLists. */
export function setKeys(categoryId: number, tagIds: ArrayLike<number>): string[] {
  const keys = categoryId < 0 ? [] : [`c${categoryId}`];
  for (let i = 0; i < tagIds.length; i += 1) keys.push(`t${tagIds[i]!}`);
  return keys;
}

/**
 * The first `limit` documents of the union of `lists` (each in sales order), in sales order,
 * without `self`. `rankOf` gives a document's place in that order: each list's next document is
 * compared by a number read once when the list moves on, not by a comparison call per step.
 */
export function mergeInOrder(lists: Uint32Array[], limit: number, self: number | undefined, rankOf: (doc: number) => number): number[] {
  const at = new Uint32Array(lists.length);
  const head = new Float64Array(lists.length);
  const moveOn = (i: number): void => {
    const list = lists[i]!;
    while (at[i]! < list.length && list[at[i]!] === self) at[i]! += 1;
    head[i] = at[i]! < list.length ? rankOf(list[at[i]!]!) : Infinity;
  };
  for (let i = 0; i < lists.length; i += 1) moveOn(i);
  const merged: number[] = [];
  while (merged.length < limit) {
    let best = -1;
    for (let i = 0; i < lists.length; i += 1) if (head[i]! < (best < 0 ? Infinity : head[best]!)) best = i;
    if (best < 0) break;
    const rank = head[best]!;
    merged.push(lists[best]![at[best]!]!);
    // The same document heads every list that holds it: each moves past it.
    for (let i = 0; i < lists.length; i += 1) {
      if (head[i] === rank) {
        at[i]! += 1;
        moveOn(i);
      }
    }
  }
  return merged;
}
