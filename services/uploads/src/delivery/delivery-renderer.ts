import { join } from 'node:path';
import sharp, { type Metadata } from 'sharp';
import { PERSONAL_DELIVERY_BOX, personalDeliverySize } from '@mkt/contracts';
import { FfmpegProcessError, buildDeliveryArgs, inputUnreachable, orientedSize, probeVideo, type FfmpegRunner } from '@mkt/platform/media';

export type DeliveryOutcome =
  /** file null: the source is within the limit and is delivered as it is. */
  | { ok: true; file: { path: string; contentType: string; extension: string } | null; width: number; height: number }
  | { ok: false; reason: 'deliverySourceUnreadable' };

/**
 * Makes the file a personal licence delivers: video reduced to fit 1080P, photos to a medium
 * size (spec section 9). Sizes are read from the real file, never from catalogue labels. A file
 * the tools cannot read comes back as a reason, never as an exception. `input` is a file path,
 * or for a video an http(s) link that ffmpeg reads with Range requests.
 */
export class DeliveryRenderer {
  constructor(private readonly runner: FfmpegRunner) {}

  render(kind: 'video' | 'photo', input: string, dir: string): Promise<DeliveryOutcome> {
    return kind === 'video' ? this.video(input, dir) : this.photo(input, dir);
  }

  private async video(input: string, dir: string): Promise<DeliveryOutcome> {
    const source = await probeVideo(this.runner, input);
    if (!source) return { ok: false, reason: 'deliverySourceUnreadable' };
    const target = personalDeliverySize('video', source.width, source.height);
    if (!target) return { ok: true, file: null, width: source.width, height: source.height };
    const output = join(dir, 'delivery.mp4');
    const box = PERSONAL_DELIVERY_BOX.video;
    const scale = Math.min(box.long / Math.max(source.width, source.height), box.short / Math.min(source.width, source.height));
    try {
      await this.runner.ffmpeg(buildDeliveryArgs(input, output, scale));
    } catch (error) {
      if (error instanceof FfmpegProcessError && error.exitCode !== null && !inputUnreachable(input, error)) return { ok: false, reason: 'deliverySourceUnreadable' };
      throw error;
    }
    // Read back: auto-rotation may have turned the frame upright.
    const made = await probeVideo(this.runner, output);
    if (!made) throw new Error('the delivery file ffmpeg wrote cannot be read back');
    return { ok: true, file: { path: output, contentType: 'video/mp4', extension: '.mp4' }, width: made.width, height: made.height };
  }

  private async photo(input: string, dir: string): Promise<DeliveryOutcome> {
    let meta: Metadata;
    try {
      meta = await sharp(input).metadata();
    } catch {
      return { ok: false, reason: 'deliverySourceUnreadable' };
    }
    const size = orientedSize(meta);
    if (!size || (meta.format !== 'jpeg' && meta.format !== 'png')) return { ok: false, reason: 'deliverySourceUnreadable' };
    const { width, height } = size;
    const target = personalDeliverySize('photo', width, height);
    if (!target) return { ok: true, file: null, width, height };
    const png = meta.format === 'png';
    const output = join(dir, png ? 'delivery.png' : 'delivery.jpg');
    const resized = sharp(input, { limitInputPixels: 30000 * 30000 }).autoOrient().resize(target.width, target.height, { fit: 'fill' }).keepIccProfile();
    const info = await (png ? resized.png() : resized.jpeg({ quality: 90 })).toFile(output);
    return { ok: true, file: { path: output, contentType: png ? 'image/png' : 'image/jpeg', extension: png ? '.png' : '.jpg' }, width: info.width, height: info.height };
  }
}
