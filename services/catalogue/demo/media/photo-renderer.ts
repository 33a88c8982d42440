import { join } from 'node:path';
import sharp from 'sharp';
import { applyFilmFinish } from './film-finish.js';
import { paletteFor } from './palettes.js';
import type { DemoMediaSpec } from './demo-media-spec.js';
import { THUMBNAIL_JPEG_QUALITY, THUMBNAIL_SIZE, type RenderedMedia } from './rendered-media.js';
import { buildSceneSvg } from './scene-svg.js';
import { dominantColor } from './theme-color.js';
import { renderWatermarkPng } from '@mkt/platform/media';

export const PHOTO_JPEG_QUALITY = 85;
export const PHOTO_SAMPLE_LONG_SIDE = 1600;
/** One watermark per tile; the sample repeats it so no crop escapes it. */
export const PHOTO_WATERMARK_TILE = { width: 640, height: 400 } as const;

/** Renders a demo photo and its renditions with sharp, from the palette's scene and the seed. */
export class PhotoRenderer {
  async render(spec: DemoMediaSpec, dir: string): Promise<RenderedMedia> {
    const { width, height } = spec;
    if (!(width >= 16 && height >= 16)) throw new Error(`Demo photo '${spec.key}' is too small: ${width}x${height}`);
    const scene = buildSceneSvg({ width, height, seed: spec.seed, palette: paletteFor(spec.palette), vignette: false });
    // Rasterise once; the original and both renditions are cut from the same pixels.
    const pixels = await sharp(Buffer.from(scene)).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const image = { data: pixels.data, width: pixels.info.width, height: pixels.info.height, channels: pixels.info.channels };
    applyFilmFinish(image, { seed: spec.seed });
    const raw = { raw: { width: image.width, height: image.height, channels: image.channels } } as const;
    const fromPixels = () => sharp(image.data, raw);

    const paths = { original: join(dir, 'original.jpg'), thumbnail: join(dir, 'thumb.jpg'), sample: join(dir, 'sample.jpg') };
    // A tile larger than the sample itself would make sharp refuse the composite.
    const sampleScale = Math.min(1, PHOTO_SAMPLE_LONG_SIDE / Math.max(width, height));
    const watermark = await renderWatermarkPng(
      Math.min(PHOTO_WATERMARK_TILE.width, Math.round(width * sampleScale)),
      Math.min(PHOTO_WATERMARK_TILE.height, Math.round(height * sampleScale)),
    );
    // Reduce the full frame once; the sample, thumbnail and colour statistics all start from this copy.
    const reduced = await fromPixels().resize(PHOTO_SAMPLE_LONG_SIDE, PHOTO_SAMPLE_LONG_SIDE, { fit: 'inside', withoutEnlargement: true }).raw().toBuffer({ resolveWithObject: true });
    const fromReduced = () => sharp(reduced.data, { raw: { width: reduced.info.width, height: reduced.info.height, channels: reduced.info.channels } });
    const [themeColor] = await Promise.all([
      dominantColor(fromReduced()),
      fromPixels().jpeg({ quality: PHOTO_JPEG_QUALITY, mozjpeg: false }).toFile(paths.original),
      fromReduced().resize({ ...THUMBNAIL_SIZE, fit: 'cover' }).jpeg({ quality: THUMBNAIL_JPEG_QUALITY }).toFile(paths.thumbnail),
      fromReduced().composite([{ input: watermark, tile: true }]).jpeg({ quality: 80 }).toFile(paths.sample),
    ]);

    const jpeg = (path: string) => ({ path, contentType: 'image/jpeg' });
    return {
      files: { original: jpeg(paths.original), thumbnail: jpeg(paths.thumbnail), sample: jpeg(paths.sample) },
      width: image.width,
      height: image.height,
      durationSeconds: null,
      fps: null,
      codec: 'jpeg',
      colorSpace: 'srgb',
      colorTransfer: null,
      themeColor,
    };
  }
}
