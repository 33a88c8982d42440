import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { OBJECT_STORAGE, parseObjectLocation, type ObjectStorage } from '@mkt/platform';
import { FfmpegRunner, resolveMediaBinaries, videoFrameSignatures, visualSignature } from '@mkt/platform/media';
import type { MaterialLookRecord, UnindexedMaterial } from './material-visuals.repository.js';

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
    if (!location) throw new Error('the material has no stored original');
    if (material.kind === 'photo') {
      const signature = await this.storage.withLocalFile(location.bucket, location.key, (path) => visualSignature(path));
      return { frames: [{ timeMs: 0, hash: signature.hash, detail: signature.detail }], colours: signature.colours, composition: signature.composition };
    }
    const runner = await this.ffmpeg();
    const dir = await mkdtemp(join(tmpdir(), `visual-${material.id}-`));
    try {
      const frames = await this.storage.withSeekableSource(location.bucket, location.key, (source) => videoFrameSignatures(runner, source, dir));
      if (frames.length === 0) throw new Error('no frame could be decoded');
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
