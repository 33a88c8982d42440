import type { ValueProvider } from '@nestjs/common';
import { FrameHashIndexBuilder, type FrameHashIndex, type FrameMatch } from './frame-hash-index.js';
import { FRAME_INDEX_ENGINE, type FrameIndex, type FrameIndexEngine, type FrameIndexLoader } from './frame-index.port.js';

/** The frame index in this process's memory: FrameHashIndex (multi-index hashing, about 30 bytes a frame). */
export class InMemoryFrameIndex implements FrameIndex {
  constructor(private readonly index: FrameHashIndex) {}

  async put(materialId: number, frames: readonly { timeMs: number; hash: bigint }[]): Promise<void> {
    this.index.put(materialId, frames);
  }

  async remove(materialId: number): Promise<void> {
    this.index.remove(materialId);
  }

  async search(hash: bigint, maxDistance: number, limit: number, accept?: (materialId: number) => boolean): Promise<FrameMatch[]> {
    return this.index.search(hash, maxDistance, limit, accept);
  }

  get size(): { frames: number; materials: number; bytes: number } {
    return { frames: this.index.size, materials: this.index.materials, bytes: this.index.memoryBytes() };
  }
}

export const inMemoryFrameIndexEngine: FrameIndexEngine = {
  loader(): FrameIndexLoader {
    const builder = new FrameHashIndexBuilder();
    return {
      add: (materialId, timeMs, high, low) => builder.add(materialId, timeMs, high, low),
      build: async () => new InMemoryFrameIndex(builder.build()),
    };
  },
};

export const frameIndexEngineProvider: ValueProvider<FrameIndexEngine> = { provide: FRAME_INDEX_ENGINE, useValue: inMemoryFrameIndexEngine };
