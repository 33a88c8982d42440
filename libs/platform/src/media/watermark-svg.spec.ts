import { buildWatermarkSvg, watermarkFontSize, watermarkText, WATERMARK_TEXT_ASCII, WATERMARK_TEXT_BILINGUAL } from './watermark-svg.js';

describe('watermark', () => {
  it('is bilingual only when a CJK font can draw it', () => {
    expect(watermarkText(true)).toBe('LUMEN STOCK 流明素材');
    expect(watermarkText(false)).toBe('LUMEN STOCK · SAMPLE');
  });

  it('draws one semi-transparent line of text, tilted about the centre', () => {
    const svg = buildWatermarkSvg({ width: 854, height: 480, text: WATERMARK_TEXT_BILINGUAL });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="854" height="480" viewBox="0 0 854 480">/);
    expect(svg).toContain('<g transform="rotate(-28 427 240)">');
    expect(svg).toContain('text-anchor="middle"');
    expect(svg).toContain('fill="#ffffff" fill-opacity="0.4"');
    expect(svg).toContain('>LUMEN STOCK 流明素材</text>');
  });

  it('escapes the text for XML', () => {
    expect(buildWatermarkSvg({ width: 100, height: 50, text: 'A & <B>' })).toContain('>A &amp; &lt;B&gt;</text>');
  });

  it('sizes the text to the canvas, counting Chinese glyphs as wider', () => {
    expect(watermarkFontSize(854, 480, WATERMARK_TEXT_BILINGUAL)).toBe(55);
    expect(watermarkFontSize(854, 480, WATERMARK_TEXT_ASCII)).toBeLessThan(watermarkFontSize(854, 480, 'LUMEN'));
    expect(watermarkFontSize(640, 60, WATERMARK_TEXT_ASCII)).toBe(13);
  });
});
