import { join } from 'node:path';
import sharp from 'sharp';
import { buildVideoRenderArgs, type VideoRenderPaths } from './ffmpeg-args.js';
import { buildProbeArgs, parseProbeOutput, renderWatermarkPng, type FfmpegRunner } from '@mkt/platform/media';
import { paletteFor } from './palettes.js';
import type { DemoMediaSpec } from './demo-media-spec.js';
import { THUMBNAIL_JPEG_QUALITY, THUMBNAIL_SIZE, type RenderedMedia } from './rendered-media.js';
import { buildSceneSvg } from './scene-svg.js';
import { dominantColor } from './theme-color.js';
import { planVideoRender } from './video-render-plan.js';

/**
 * Renders a demo video and its renditions into a work directory: sharp draws the scene and the
 * watermark, one ffmpeg run animates and encodes everything, sharp finishes the JPEGs.
 */
export class VideoRenderer {
  constructor(private readonly runner: FfmpegRunner) {}

  async render(spec: DemoMediaSpec, dir: string): Promise<RenderedMedia> {
    const plan = planVideoRender(spec);
    const paths: VideoRenderPaths = {
      plate: join(dir, 'plate.png'),
      watermark: join(dir, 'watermark.png'),
      original: join(dir, 'original.mp4'),
      preview: join(dir, 'preview-480.mp4'),
      sample: join(dir, 'sample.mp4'),
      strip: join(dir, 'strip.png'),
      thumbnailFrame: join(dir, 'thumbnail-frame.png'),
    };
    const scene = buildSceneSvg({ ...plan.plate, seed: spec.seed, palette: paletteFor(spec.palette) });
    await Promise.all([
      // Fast PNG compression: the plate is read once, a few milliseconds later.
      sharp(Buffer.from(scene)).png({ compressionLevel: 1 }).toFile(paths.plate),
      renderWatermarkPng(plan.preview.width, plan.preview.height).then((png) => sharp(png).toFile(paths.watermark)),
    ]);

    await this.runner.ffmpeg(buildVideoRenderArgs(plan, paths));

    const thumbnail = join(dir, 'thumb.jpg');
    const strip = join(dir, 'strip.jpg');
    const [probed, themeColor] = await Promise.all([
      this.runner.ffprobe(buildProbeArgs(paths.original)).then(parseProbeOutput),
      dominantColor(sharp(paths.thumbnailFrame)),
      sharp(paths.thumbnailFrame).resize({ ...THUMBNAIL_SIZE, fit: 'cover' }).jpeg({ quality: THUMBNAIL_JPEG_QUALITY }).toFile(thumbnail),
      sharp(paths.strip).jpeg({ quality: 80 }).toFile(strip),
    ]);

    const mp4 = (path: string) => ({ path, contentType: 'video/mp4' });
    return {
      files: {
        original: mp4(paths.original),
        thumbnail: { path: thumbnail, contentType: 'image/jpeg' },
        sample: mp4(paths.sample),
        preview480: mp4(paths.preview),
        previewStrip: { path: strip, contentType: 'image/jpeg' },
      },
      width: probed.width,
      height: probed.height,
      durationSeconds: probed.durationSeconds,
      fps: probed.fps,
      codec: probed.codec,
      colorSpace: probed.colorSpace,
      colorTransfer: probed.colorTransfer,
      themeColor,
    };
  }
}
