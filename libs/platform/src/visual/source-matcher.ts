import type { FrameMatch } from './frame-hash-index.js';

/** A stored frame's detail grid (see detailGrid in the media toolkit). */
export interface FrameDetail {
  timeMs: number;
  detail: Uint8Array;
}

export interface SourceMatch {
  materialId: number;
  /** The frame whose detail is most like the picture's: where in a clip the picture comes from. */
  timeMs: number;
  /** Bits between the picture's hash and the material's nearest frame hash. */
  distance: number;
  /** Correlation of the picture's detail with that frame's (-1..1). */
  similarity: number;
}

/**
 * The second of search by image's two stages. The frame hash index finds candidate materials
 * cheaply (any frame within a few bits); hashes of smooth, slowly moving pictures are close all
 * through a clip and between pictures of one kind of scene, so each candidate is then confirmed
 * on the finer detail grid of every one of its frames, which also says which frame (time) it is.
 * Candidates whose best frame correlates below `minSimilarity` are not sources.
 */
export function confirmSources(
  query: { detail: Uint8Array },
  candidates: readonly FrameMatch[],
  framesOf: ReadonlyMap<number, readonly FrameDetail[]>,
  minSimilarity: number,
  similarity: (a: Uint8Array, b: Uint8Array) => number,
): SourceMatch[] {
  const confirmed: SourceMatch[] = [];
  for (const candidate of candidates) {
    let best: FrameDetail | null = null;
    let bestSimilarity = -Infinity;
    for (const frame of framesOf.get(candidate.materialId) ?? []) {
      const score = similarity(query.detail, frame.detail);
      if (score > bestSimilarity) {
        best = frame;
        bestSimilarity = score;
      }
    }
    if (best && bestSimilarity >= minSimilarity) {
      confirmed.push({ materialId: candidate.materialId, timeMs: best.timeMs, distance: candidate.distance, similarity: bestSimilarity });
    }
  }
  return confirmed.sort((a, b) => b.similarity - a.similarity || a.distance - b.distance || a.materialId - b.materialId);
}
