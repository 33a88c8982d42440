import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Inject, Injectable } from '@nestjs/common';
import { OBJECT_STORAGE, ObjectStorageError, PUBLIC_RENDITIONS_BUCKET, formatObjectLocation, parseObjectLocation, type ObjectStorage } from '@mkt/platform';
import { FfmpegProcessError, FfmpegRunner, inputUnreachable, renderPreviewStream, resolveMediaBinaries } from '@mkt/platform/media';
import { streamFolder } from './stream-locations.js';

/**
 * The preview cannot be streamed (missing, or a file ffmpeg cannot read): remembered, not tried
 * again. Anything else (the store or the database unreachable) is tried again on the next pass.
 */
export class PreviewUnstreamable extends Error {}

/** A preview is at most a few minutes of 480p: far less than this even on a busy machine. */
const STREAM_TIMEOUT_MS = 10 * 60_000;

/**
 * Renders a material's stored 480p preview as HLS (renderPreviewStream) into a temporary folder
 * and stores every file in the public renditions bucket below the material's stream folder, the
 * master playlist last: a run stopped half way leaves files no row names, which the next run
 * writes over. Resolves with the master playlist's location.
 */
@Injectable()
export class PreviewStreamMaker {
  private runner: Promise<FfmpegRunner> | undefined;

  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}

  async make(materialId: number, preview480Key: string): Promise<string> {
    const preview = parseObjectLocation(preview480Key);
    if (!preview) throw new PreviewUnstreamable(`the preview location ${preview480Key} is not a stored object`);
    const runner = await this.ffmpeg();
    const dir = await mkdtemp(join(tmpdir(), `stream-${materialId}-`));
    try {
      const files = await this.storage
        .withSeekableSource(preview.bucket, preview.key, async (source) => {
          try {
            return await renderPreviewStream(runner, source, dir);
          } catch (error) {
            if (error instanceof FfmpegProcessError && error.exitCode !== null && !inputUnreachable(source, error)) throw new PreviewUnstreamable(error.message);
            throw error;
          }
        })
        .catch((error: unknown) => {
          if (error instanceof ObjectStorageError) throw new PreviewUnstreamable(error.message);
          throw error;
        });
      if (!files) throw new PreviewUnstreamable('the preview has no video stream');
      const folder = streamFolder(materialId);
      for (const file of files) {
        await this.storage.put(PUBLIC_RENDITIONS_BUCKET, `${folder}${file.relativePath}`, await readFile(join(dir, file.relativePath)), { contentType: file.contentType });
      }
      return formatObjectLocation(PUBLIC_RENDITIONS_BUCKET, `${folder}${files.at(-1)!.relativePath}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  private ffmpeg(): Promise<FfmpegRunner> {
    this.runner ??= resolveMediaBinaries().then((binaries) => new FfmpegRunner(binaries, { timeoutMs: STREAM_TIMEOUT_MS }));
    return this.runner;
  }
}
