import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { checkPhotoDimensions, checkVideoContent, maxResolutionOf, type MediaProbe, type UploadKind, type UploadRuleBroken } from '@mkt/contracts';
import {
  FfmpegProcessError,
  buildRenditionArgs,
  differenceHash,
  inputUnreachable,
  orientedSize,
  planRenditions,
  probeVideo,
  renderWatermarkPng,
  videoFrameHashes,
  videoFrameSignatures,
  visualSignature,
  type FfmpegRunner,
} from '@mkt/platform/media';

export const THUMBNAIL_SIZE = { width: 640, height: 360 } as const;
export const PHOTO_SAMPLE_LONG_SIDE = 1600;
const PHOTO_WATERMARK_TILE = { width: 640, height: 400 } as const;

export interface ProcessedFile {
  path: string;
  contentType: string;
}

export type ProcessingOutcome =
  | { ok: false; broken: UploadRuleBroken }
  | {
      ok: true;
      probe: MediaProbe;
      files: { thumbnail: ProcessedFile; sample: ProcessedFile; preview480: ProcessedFile | null; previewStrip: ProcessedFile | null };
      phashes: string[];
      /** What the near-duplicate index compares: a photo's one frame, a video's frames through the clip. */
      frames: ComparedFrame[];
    };

export interface ComparedFrame {
  timeMs: number;
  /** Unsigned 64-bit DCT hash (the visual index's, not the dHash of `phashes`). */
  hash: bigint;
  /** The grey detail grid (DETAIL_SIDE square) that confirms a hash match. */
  detail: Uint8Array;
}

/**
 * Reads a contributed file and renders its renditions into a work directory: ffprobe and one
 * ffmpeg run for videos, sharp for photos. The only class of the service that touches media
 * tools; a file the tools cannot read comes back as a broken rule, never as an exception.
 * `input` is a file path, or for a video an http(s) link that ffmpeg reads with Range requests.
 */
export class MediaProcessor {
  constructor(private readonly runner: FfmpegRunner) {}

  async process(kind: UploadKind, input: string, dir: string): Promise<ProcessingOutcome> {
    return kind === 'video' ? this.processVideo(input, dir) : this.processPhoto(input, dir);
  }

  /**
   * The frames the near-duplicate check compares: a photo's one (from its file or its decoded
   * bytes), or a video's first, one every 2 s and each cut, from one decode written into `dir`.
   */
  async comparedFrames(kind: UploadKind, input: string | Buffer, dir: string): Promise<ComparedFrame[]> {
    if (kind === 'photo') {
      const signature = await visualSignature(input);
      return [{ timeMs: 0, hash: signature.hash, detail: signature.detail }];
    }
    if (typeof input !== 'string') throw new Error('a video is read from a path or a link');
    return (await videoFrameSignatures(this.runner, input, dir)).map(({ timeMs, hash, detail }) => ({ timeMs, hash, detail }));
  }

  private async processVideo(input: string, dir: string): Promise<ProcessingOutcome> {
    const probed = await probeVideo(this.runner, input);
    const broken = checkVideoContent(probed);
    if (broken || !probed) return { ok: false, broken: broken ?? { key: 'uploadVideoUnreadable' } };

    const plan = planRenditions(probed);
    const paths = {
      input,
      watermark: join(dir, 'watermark.png'),
      preview: join(dir, 'preview-480.mp4'),
      sample: join(dir, 'sample.mp4'),
      strip: join(dir, 'strip.png'),
      thumbnailFrame: join(dir, 'thumbnail-frame.png'),
    };
    await sharp(await renderWatermarkPng(plan.previewWidth, plan.previewHeight)).toFile(paths.watermark);
    try {
      await this.runner.ffmpeg(buildRenditionArgs(plan, paths));
    } catch (error) {
      // The probe passed but the stream does not decode: the file, not the machine, is at fault
      // (unless the store stopped serving the link: then the job is retried).
      if (error instanceof FfmpegProcessError && error.exitCode !== null && !inputUnreachable(input, error)) return { ok: false, broken: { key: 'uploadVideoUnreadable' } };
      throw error;
    }
    const thumbnail = join(dir, 'thumb.jpg');
    const strip = join(dir, 'strip.jpg');
    await Promise.all([
      sharp(paths.thumbnailFrame).resize({ ...THUMBNAIL_SIZE, fit: 'cover' }).jpeg({ quality: 82 }).toFile(thumbnail),
      sharp(paths.strip).jpeg({ quality: 80 }).toFile(strip),
    ]);
    const phashes = await videoFrameHashes(this.runner, input, plan.durationSeconds, dir);
    const frames = await this.comparedFrames('video', input, dir);
    return {
      ok: true,
      probe: {
        codec: probed.codec,
        width: probed.width,
        height: probed.height,
        durationSeconds: probed.durationSeconds,
        fps: probed.fps,
        colorSpace: probed.colorSpace,
        colorTransfer: probed.colorTransfer,
        maxResolution: maxResolutionOf('video', probed.width, probed.height),
      },
      files: {
        thumbnail: { path: thumbnail, contentType: 'image/jpeg' },
        sample: { path: paths.sample, contentType: 'video/mp4' },
        preview480: { path: paths.preview, contentType: 'video/mp4' },
        previewStrip: { path: strip, contentType: 'image/jpeg' },
      },
      phashes,
      frames,
    };
  }

  private async processPhoto(input: string, dir: string): Promise<ProcessingOutcome> {
    let meta: Metadata;
    try {
      meta = await sharp(input).metadata();
    } catch {
      return { ok: false, broken: { key: 'uploadPhotoUnreadable' } };
    }
    if (meta.format !== 'jpeg' && meta.format !== 'png') return { ok: false, broken: { key: 'uploadUnsupportedType' } };
    const dimensions = orientedSize(meta);
    const broken = checkPhotoDimensions(dimensions);
    if (broken || !dimensions) return { ok: false, broken: broken ?? { key: 'uploadPhotoUnreadable' } };

    const paths = { thumbnail: join(dir, 'thumb.jpg'), sample: join(dir, 'sample.jpg') };
    // One decode, reduced once: sample, thumbnail and hash all start from this copy.
    const reduced = await sharp(input, { limitInputPixels: 30000 * 30000 })
      .autoOrient()
      .resize(PHOTO_SAMPLE_LONG_SIDE, PHOTO_SAMPLE_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: reduced.info.width, height: reduced.info.height, channels: reduced.info.channels } } as const;
    const fromReduced = () => sharp(reduced.data, raw);
    const watermark = await renderWatermarkPng(Math.min(PHOTO_WATERMARK_TILE.width, reduced.info.width), Math.min(PHOTO_WATERMARK_TILE.height, reduced.info.height));
    const png = await fromReduced().png().toBuffer();
    const [phash, frames] = await Promise.all([
      differenceHash(png),
      this.comparedFrames('photo', png, dir),
      fromReduced().resize({ ...THUMBNAIL_SIZE, fit: 'cover' }).jpeg({ quality: 82 }).toFile(paths.thumbnail),
      fromReduced().composite([{ input: watermark, tile: true }]).jpeg({ quality: 80 }).toFile(paths.sample),
    ]);
    return {
      ok: true,
      probe: {
        codec: meta.format,
        width: dimensions.width,
        height: dimensions.height,
        durationSeconds: null,
        fps: null,
        colorSpace: meta.space ?? null,
        colorTransfer: null,
        maxResolution: maxResolutionOf('photo', dimensions.width, dimensions.height),
      },
      files: {
        thumbnail: { path: paths.thumbnail, contentType: 'image/jpeg' },
        sample: { path: paths.sample, contentType: 'image/jpeg' },
        preview480: null,
        previewStrip: null,
      },
      phashes: [phash],
      frames,
    };
  }
}
