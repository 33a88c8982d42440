import sharp from 'sharp';
import { hasCjkFont } from './font-probe.js';
import { buildWatermarkSvg, watermarkText } from './watermark-svg.js';

/** Seeding renders many items of a few sizes; text layout is the slow part, so keep each size once. */
const rendered = new Map<string, Promise<Buffer>>();

/** The watermark drawn to a transparent PNG of the given size. */
export function renderWatermarkPng(width: number, height: number): Promise<Buffer> {
  const size = `${width}x${height}`;
  let png = rendered.get(size);
  if (!png) {
    png = hasCjkFont().then((cjk) => sharp(Buffer.from(buildWatermarkSvg({ width, height, text: watermarkText(cjk) }))).png().toBuffer());
    png.catch(() => rendered.delete(size));
    rendered.set(size, png);
  }
  return png;
}
