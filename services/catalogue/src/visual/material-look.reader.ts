import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { OBJECT_STORAGE, ObjectStorageError, parseObjectLocation, type ObjectStorage } from '@mkt/platform';
import { FfmpegProcessError, FfmpegRunner, inputUnreachable, resolveMediaBinaries, videoFrameSignatures, visualSignature } from '@mkt/platform/media';
import type { MaterialLookRecord, UnindexedMaterial } from './material-visuals.repository.js';

/**
 * The material's own media cannot be indexed (no original, a file ffmpeg or sharp cannot read):
 * remembered, not tried again. Anything else (the store or the database unreachable) is not
 * about the material, and the job tries again on its next pass.
 */
export class MaterialMediaUnreadable extends Error {}

/** A video's frames are decoded once from start to end: a long 4K original takes minutes. */
const VIDEO_TIMEOUT_MS = 30 * 60_000;

/**
 * Reads a material's original where it is stored and computes its look: a photo's signature, or
 * a video's frames (videoFrameSignatures) with the look of the frame that best stands for the
 * clip (the one nearest its middle). Originals are read in place (a video through a link with
 * Range requests, never copied); only the small frames raster is written, to a temporary folder.
 */
@Injectable()
export class MaterialLookReader {
  private runner: Promise<FfmpegRunner> | undefined;

  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  async read(material: UnindexedMaterial): Promise<MaterialLookRecord> {
    const location = parseObjectLocation(material.originalKey);
    if (!location) throw new MaterialMediaUnreadable('the material has no stored original');
    try {
      return await this.readStored(material.kind, location.bucket, location.key, material.id);
    } catch (error) {
      if (error instanceof ObjectStorageError) throw new MaterialMediaUnreadable(error.message);
      throw error;
    }
  }

  private async readStored(kind: 'video' | 'photo', bucket: string, key: string, materialId: number): Promise<MaterialLookRecord> {
    if (kind === 'photo') {
      const signature = await this.storage.withLocalFile(bucket, key, async (path) => {
        try {
          return await visualSignature(path);
        } catch (error) {
          // sharp reading a file on this machine: the file is what it cannot read.
          throw new MaterialMediaUnreadable(error instanceof Error ? error.message : String(error));
        }
      });
      return { frames: [{ timeMs: 0, hash: signature.hash, detail: signature.detail }], colours: signature.colours, composition: signature.composition };
    }
    const runner = await this.ffmpeg();
    const dir = await mkdtemp(join(tmpdir(), `visual-${materialId}-`));
    try {
      const frames = await this.storage.withSeekableSource(bucket, key, async (source) => {
        try {
          return await videoFrameSignatures(runner, source, dir);
        } catch (error) {
          if (error instanceof FfmpegProcessError && error.exitCode !== null && !inputUnreachable(source, error)) throw new MaterialMediaUnreadable(error.message);
          throw error;
        }
      });
      if (frames.length === 0) throw new MaterialMediaUnreadable('no frame could be decoded');
      const middle = frames[Math.floor(frames.length / 2)]!;
      return { frames: frames.map(({ timeMs, hash, detail }) => ({ timeMs, hash, detail })), colours: middle.colours, composition: middle.composition };
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private ffmpeg(): Promise<FfmpegRunner> {
    this.runner ??= resolveMediaBinaries().then((binaries) => new FfmpegRunner(binaries, { timeoutMs: VIDEO_TIMEOUT_MS }));
    return this.runner;
  }
}
