import { PALETTES, type PaletteName } from './palettes.js';
import { buildSceneSvg } from './scene-svg.js';

describe('buildSceneSvg', () => {
  const options = { width: 1600, height: 900, seed: 5, palette: PALETTES.sunset };

  it('draws at the requested size, with the palette sky behind everything', () => {
    const svg = buildSceneSvg(options);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1600" height="900" viewBox="0 0 1600 900">/);
    expect(svg).toContain('<stop offset="0" stop-color="#2b1055"/>');
    expect(svg).toContain('<rect width="1600" height="900" fill="url(#sky)"/>');
  });

  it('is the same for the same seed and different for another', () => {
    expect(buildSceneSvg(options)).toBe(buildSceneSvg({ ...options }));
    expect(buildSceneSvg({ ...options, seed: 6 })).not.toBe(buildSceneSvg(options));
  });

  it.each(Object.keys(PALETTES) as PaletteName[])('draws a %s scene with every referenced gradient defined', (name) => {
    const svg = buildSceneSvg({ ...options, palette: PALETTES[name] });
    const defined = new Set([...svg.matchAll(/id="([^"]+)"/g)].map((m) => m[1]));
    const used = [...svg.matchAll(/url\(#([^)]+)\)/g)].map((m) => m[1]);
    expect(used.filter((id) => !defined.has(id))).toEqual([]);
    expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  });

  it('puts stars only in the night sky, and skips the vignette when asked', () => {
    expect(buildSceneSvg({ ...options, palette: PALETTES.night }).match(/<circle [^>]*fill="#ffffff"/g)?.length).toBe(160);
    expect(buildSceneSvg(options)).not.toContain('fill="#ffffff" fill-opacity');
    expect(buildSceneSvg({ ...options, vignette: false })).not.toContain('fill="url(#vignette)"');
  });
});
