/** At most this many kept lists per kind (each at most SIMILAR_CANDIDATES + 1 numbers). */
const LISTS_PER_KIND_LIMIT = 20_000;

/**
 * Per kind, the best sellers of a category or tag (first N + 1 document numbers in sales order),
 * kept between "similar materials" calls (CatalogueIndex.similar, ADR 0020). Any change to a
 * document of a kind empties that kind's lists: which sets a document was in is not kept per
 * document, so no narrower emptying is possible.
 */
export class KeptBestSellerLists {
  private readonly byKind = new Map<number, Map<string, Uint32Array>>();

  /** The kept list for `key`, worked out by `find` when it is not kept. */
  get(kind: number, key: string, find: () => Uint32Array): Uint32Array {
    let lists = this.byKind.get(kind);
    if (!lists) this.byKind.set(kind, (lists = new Map()));
    const kept = lists.get(key);
    if (kept) return kept;
    const list = find();
    if (lists.size >= LISTS_PER_KIND_LIMIT) lists.clear();
    lists.set(key, list);
    return list;
  }

  /** A document of `kind` was published, changed, sold or withdrawn. */
  emptyKind(kind: number): void {
    this.byKind.get(kind)?.clear();
  }

  clear(): void {
    this.byKind.clear();
  }
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
