import type { FrameMatch } from './frame-hash-index.js';

/**
 * Frames by perceptual hash behind one port, as search is: "which materials have a frame within a
 * few bits of this picture's". Asked by search by image, the duplicate check at upload, and later
 * by an audit of what a contributor copied and the contest's originality check. The in-memory
 * multi-index (InMemoryFrameIndex over FrameHashIndex) serves it today; an engine shared by
 * replicas could, without its callers changing.
 */
export interface FrameIndex {
  /** Adds a material's frames, or replaces those it had. */
  put(materialId: number, frames: readonly { timeMs: number; hash: bigint }[]): Promise<void>;
  remove(materialId: number): Promise<void>;
  /** The best frame of each material within `maxDistance` bits, nearest first, `accept`ed materials only. */
  search(hash: bigint, maxDistance: number, limit: number, accept?: (materialId: number) => boolean): Promise<FrameMatch[]>;
  readonly size: { frames: number; materials: number; bytes: number };
}

/** Loads an index from stored frames in one pass (each hash as its unsigned 32-bit halves, as stored rows read fastest). */
export interface FrameIndexLoader {
  add(materialId: number, timeMs: number, high: number, low: number): void;
  build(): Promise<FrameIndex>;
}

export interface FrameIndexEngine {
  loader(): FrameIndexLoader;
}

export const FRAME_INDEX_ENGINE = Symbol('FRAME_INDEX_ENGINE');
