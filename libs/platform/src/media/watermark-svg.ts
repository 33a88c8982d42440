/**
 * The "sample" watermark as SVG, rendered to PNG by sharp and laid over previews and photo
 * samples. Pure: the text choice and layout are decided here, fonts are found elsewhere.
 */
export const WATERMARK_TEXT_BILINGUAL = 'LUMEN STOCK 流明素材';
/** Used when no CJK font is installed: librsvg would draw the Chinese glyphs as empty boxes. */
export const WATERMARK_TEXT_ASCII = 'LUMEN STOCK · SAMPLE';

export function watermarkText(cjkFontAvailable: boolean): string {
  return cjkFontAvailable ? WATERMARK_TEXT_BILINGUAL : WATERMARK_TEXT_ASCII;
}

export interface WatermarkOptions {
  width: number;
  height: number;
  text: string;
  /** Counter-clockwise tilt of the text. */
  angleDegrees?: number;
}

/** One diagonal line of text centred on a transparent canvas; used whole on video, tiled on photos. */
export function buildWatermarkSvg({ width, height, text, angleDegrees = 28 }: WatermarkOptions): string {
  const fontSize = watermarkFontSize(width, height, text);
  const cx = width / 2;
  const cy = height / 2;
  // White text with a faint dark outline stays readable on both bright skies and dark ground.
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<g transform="rotate(${-angleDegrees} ${cx} ${cy})">` +
    `<text x="${cx}" y="${cy}" dominant-baseline="middle" text-anchor="middle" ` +
    `font-family="Noto Sans CJK SC, Noto Sans SC, Source Han Sans SC, WenQuanYi Micro Hei, DejaVu Sans, sans-serif" ` +
    `font-size="${fontSize}" font-weight="700" letter-spacing="${Math.round(fontSize * 0.04)}" ` +
    `fill="#ffffff" fill-opacity="0.4" stroke="#000000" stroke-opacity="0.2" stroke-width="${Math.max(1, Math.round(fontSize / 28))}">` +
    `${escapeXml(text)}</text></g></svg>`
  );
}

/** Sizes the text so its estimated width spans about three quarters of the canvas width. */
export function watermarkFontSize(width: number, height: number, text: string): number {
  const ems = [...text].reduce((sum, ch) => sum + (ch.charCodeAt(0) > 0x2e80 ? 1 : 0.64), 0);
  return Math.max(10, Math.round(Math.min((width * 0.75) / ems, height * 0.22)));
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
