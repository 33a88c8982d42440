import type { Palette } from './palettes.js';
import { SeededRandom } from './seeded-random.js';

/**
 * Builds a landscape (or studio set) as SVG from a palette and a seed: the photo itself, and the
 * still plate a video's camera moves over. Pure: same inputs, same string. Only gradients and
 * plain shapes, no SVG filters, because librsvg renders filters slowly at 4000x3000.
 */
export interface SceneOptions {
  width: number;
  height: number;
  seed: number;
  palette: Palette;
  /** Darken the corners in the SVG; photos do it in their pixel pass instead, which is cheaper at full size. */
  vignette?: boolean;
}

type Point = readonly [number, number];

export function buildSceneSvg({ width: W, height: H, seed, palette, vignette = true }: SceneOptions): string {
  const rng = new SeededRandom(seed);
  const at = lightPosition(rng);
  const light = { x: W * at.x, y: H * at.y };
  const defs: string[] = [
    linearGradient('sky', palette.sky),
    radialGradient('glow', [
      [0, palette.light.glow, 0.85],
      [0.35, palette.light.glow, 0.35],
      [1, palette.light.glow, 0],
    ]),
    `<linearGradient id="haze" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${palette.haze}" stop-opacity="0"/><stop offset="1" stop-color="${palette.haze}" stop-opacity="0.45"/></linearGradient>`,
    radialGradient('vignette', [
      [0.55, '#000000', 0],
      [1, '#000000', 0.35],
    ]),
  ];
  const body: string[] = [`<rect width="${W}" height="${H}" fill="url(#sky)"/>`];

  if (palette.stars) body.push(stars(rng, W, H));
  if (palette.light.kind !== 'none') body.push(lightSource(palette, light, H));
  body.push(scenery(palette, rng, W, H, light, defs));
  if (vignette) body.push(`<rect width="${W}" height="${H}" fill="url(#vignette)"/>`);

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
    `<defs>${defs.join('')}</defs>${body.join('')}</svg>`
  );
}

/**
 * Where the sun or moon stands, as fractions of the frame: the first draws of the scene's random
 * stream, so a title can say where the light is without rendering the picture.
 */
export function sceneLight(seed: number): { x: number; y: number } {
  return lightPosition(new SeededRandom(seed));
}

function lightPosition(rng: SeededRandom): { x: number; y: number } {
  const x = rng.between(0.22, 0.78);
  return { x, y: rng.between(0.3, 0.5) };
}

function scenery(palette: Palette, rng: SeededRandom, W: number, H: number, light: { x: number; y: number }, defs: string[]): string {
  switch (palette.scenery) {
    case 'mountains':
      return layered(palette, W, H, (color, i) => polygon(closeToBottom(ridge(rng, W, H * (0.58 + i * 0.1), H * (0.16 - i * 0.03), 0.55), W, H), color));
    case 'snow-peaks':
      defs.push(...palette.layers.map((color, i) => linearGradient(`peak${i}`, [palette.accent, palette.accent, color, color], [0, 0.12, 0.45, 1])));
      return layered(palette, W, H, (_, i) => polygon(closeToBottom(ridge(rng, W, H * (0.6 + i * 0.1), H * (0.3 - i * 0.07), 0.6), W, H), `url(#peak${i})`));
    case 'forest':
      return layered(palette, W, H, (color, i) => forestLayer(rng, W, H, i, color));
    case 'skyline':
      return layered(palette, W, H, (color, i) => skylineLayer(rng, W, H, i, color, palette.accent));
    case 'dunes':
      defs.push(...palette.layers.map((color, i) => linearGradient(`dune${i}`, [palette.accent, color], [0, 0.6])));
      return layered(palette, W, H, (_, i) => polygon(closeToBottom(sineLine(rng, W, H * (0.62 + i * 0.11), H * (0.05 - i * 0.008)), W, H), `url(#dune${i})`));
    case 'waves':
      defs.push(linearGradient('sea', palette.layers));
      return seascape(rng, W, H, light, palette);
    case 'studio':
      return studioSet(rng, W, H, palette, defs);
  }
}

/** Far layers first, each followed by haze so distance reads as depth. */
function layered(palette: Palette, W: number, H: number, layer: (color: string, index: number) => string): string {
  return palette.layers
    .map((color, i) => layer(color, i) + (i < palette.layers.length - 1 ? `<rect y="${n(H * 0.4)}" width="${W}" height="${n(H * 0.6)}" fill="url(#haze)"/>` : ''))
    .join('');
}

/** A mountain ridge by midpoint displacement: rough like real ridges, bounded by the amplitude. */
function ridge(rng: SeededRandom, W: number, base: number, amplitude: number, roughness: number): Point[] {
  let heights = [base - rng.between(0.2, 1) * amplitude, base - rng.between(0.2, 1) * amplitude];
  let displacement = amplitude;
  for (let iteration = 0; iteration < 6; iteration++) {
    const next: number[] = [];
    for (let i = 0; i < heights.length - 1; i++) {
      next.push(heights[i], (heights[i] + heights[i + 1]) / 2 + rng.between(-displacement, displacement));
    }
    next.push(heights[heights.length - 1]);
    heights = next;
    displacement *= roughness;
  }
  const top = base - amplitude * 1.6;
  return heights.map((y, i) => [(i * W) / (heights.length - 1), Math.max(top, y)]);
}

/** A smooth rolling line (dunes, hills): two sine waves with seeded frequency and phase. */
function sineLine(rng: SeededRandom, W: number, base: number, amplitude: number): Point[] {
  const f1 = rng.between(1.2, 2.6);
  const f2 = rng.between(3, 6);
  const p1 = rng.between(0, Math.PI * 2);
  const p2 = rng.between(0, Math.PI * 2);
  const points: Point[] = [];
  for (let i = 0; i <= 64; i++) {
    const u = i / 64;
    points.push([u * W, base - amplitude * (Math.sin(u * f1 * Math.PI * 2 + p1) + 0.35 * Math.sin(u * f2 * Math.PI * 2 + p2))]);
  }
  return points;
}

function forestLayer(rng: SeededRandom, W: number, H: number, index: number, color: string): string {
  const hills = sineLine(rng, W, H * (0.66 + index * 0.1), H * 0.03);
  const treeScale = 1 + index * 0.6;
  let trees = '';
  for (let x = -W * 0.01; x < W * 1.01; x += W * rng.between(0.008, 0.02) * treeScale) {
    const ground = groundAt(hills, x, W);
    const height = H * rng.between(0.05, 0.11) * treeScale;
    const half = height * rng.between(0.16, 0.24);
    // Sink the base well below the ground line: the hill between two samples may dip under it.
    const base = ground + height * 0.3;
    trees += `M${n(x - half)},${n(base)}L${n(x)},${n(ground - height)}L${n(x + half)},${n(base)}Z`;
  }
  return polygon(closeToBottom(hills, W, H), color) + `<path d="${trees}" fill="${color}"/>`;
}

function skylineLayer(rng: SeededRandom, W: number, H: number, index: number, color: string, windowColor: string): string {
  const ground = H * (0.74 + index * 0.07);
  const scale = 1 + index * 0.45;
  let buildings = '';
  let windows = '';
  const windowSize = W * 0.0035 * scale;
  for (let x = -W * 0.01; x < W; ) {
    const width = W * rng.between(0.025, 0.065) * scale;
    const height = H * rng.between(0.08, 0.3) * scale;
    const top = ground - height;
    buildings += `M${n(x)},${n(H)}V${n(top)}H${n(x + width)}V${n(H)}Z`;
    if (rng.chance(0.2)) buildings += `M${n(x + width * 0.45)},${n(top)}v${n(-H * 0.04 * scale)}h${n(width * 0.1)}v${n(H * 0.04 * scale)}Z`;
    // Lit windows only on the nearer layers: far away they would be sub-pixel noise.
    if (index > 0) {
      for (let wy = top + windowSize * 2; wy < ground - windowSize; wy += windowSize * 2.6) {
        for (let wx = x + windowSize * 1.5; wx < x + width - windowSize * 1.5; wx += windowSize * 2.2) {
          if (rng.chance(0.28)) windows += `M${n(wx)},${n(wy)}h${n(windowSize)}v${n(windowSize * 1.4)}h${n(-windowSize)}Z`;
        }
      }
    }
    x += width + W * rng.between(0, 0.01);
  }
  return `<path d="${buildings}" fill="${color}"/>` + (windows ? `<path d="${windows}" fill="${windowColor}" fill-opacity="0.75"/>` : '');
}

function seascape(rng: SeededRandom, W: number, H: number, light: { x: number; y: number }, palette: Palette): string {
  const horizon = H * rng.between(0.56, 0.64);
  let out = '';
  if (rng.chance(0.6)) {
    out += polygon(closeToBottom(ridge(rng, W, horizon, H * 0.04, 0.5), W, H), palette.layers[0]);
  }
  out += `<rect y="${n(horizon)}" width="${W}" height="${n(H - horizon)}" fill="url(#sea)"/>`;
  // The sun's path on the water.
  out += `<ellipse cx="${n(light.x)}" cy="${n(horizon + (H - horizon) * 0.35)}" rx="${n(W * 0.035)}" ry="${n((H - horizon) * 0.4)}" fill="url(#glow)" opacity="0.7"/>`;
  // Crests closer together near the horizon, as perspective would have them.
  for (let i = 1; i <= 14; i++) {
    const depth = (i / 14) ** 1.8;
    const y = horizon + (H - horizon) * depth;
    const line = sineLine(rng, W, y, H * 0.004 * (1 + depth * 4));
    out += `<polyline points="${points(line)}" fill="none" stroke="${palette.accent}" stroke-opacity="${n(0.12 + depth * 0.2)}" stroke-width="${n(1 + depth * H * 0.004)}"/>`;
  }
  return out;
}

function studioSet(rng: SeededRandom, W: number, H: number, palette: Palette, defs: string[]): string {
  defs.push(
    radialGradient('backdrop', [
      [0, palette.sky[2], 1],
      [1, palette.sky[0], 1],
    ], 0.5, 0.35, 0.9),
    radialGradient('sphere', [
      [0, '#ffffff', 1],
      [0.25, palette.accent, 1],
      [1, shade(palette.accent), 1],
    ], 0.35, 0.3, 0.8),
    linearGradient('block', [palette.layers[0], palette.layers[1]]),
    radialGradient('shadow', [
      [0, '#000000', 0.45],
      [1, '#000000', 0],
    ]),
  );
  const floor = H * rng.between(0.68, 0.74);
  const sphereR = H * rng.between(0.1, 0.16);
  const sphereX = W * rng.between(0.55, 0.75);
  const blockW = W * rng.between(0.12, 0.18);
  const blockH = H * rng.between(0.22, 0.34);
  const blockX = W * rng.between(0.2, 0.35);
  return (
    `<rect width="${W}" height="${H}" fill="url(#backdrop)"/>` +
    `<ellipse cx="${n(blockX + blockW / 2)}" cy="${n(floor)}" rx="${n(blockW * 0.8)}" ry="${n(H * 0.03)}" fill="url(#shadow)"/>` +
    `<rect x="${n(blockX)}" y="${n(floor - blockH)}" width="${n(blockW)}" height="${n(blockH)}" rx="${n(W * 0.006)}" fill="url(#block)"/>` +
    `<ellipse cx="${n(sphereX)}" cy="${n(floor)}" rx="${n(sphereR * 1.2)}" ry="${n(H * 0.025)}" fill="url(#shadow)"/>` +
    `<circle cx="${n(sphereX)}" cy="${n(floor - sphereR)}" r="${n(sphereR)}" fill="url(#sphere)"/>`
  );
}

function stars(rng: SeededRandom, W: number, H: number): string {
  let out = '';
  for (let i = 0; i < 160; i++) {
    out += `<circle cx="${n(rng.between(0, W))}" cy="${n(rng.between(0, H * 0.55))}" r="${n(W * rng.between(0.0005, 0.0014))}" fill="#ffffff" fill-opacity="${n(rng.between(0.3, 0.95))}"/>`;
  }
  return out;
}

function lightSource(palette: Palette, at: { x: number; y: number }, H: number): string {
  const isMoon = palette.light.kind === 'moon';
  const glowR = H * (isMoon ? 0.22 : 0.38);
  const coreR = H * (isMoon ? 0.045 : 0.055);
  return (
    `<circle cx="${n(at.x)}" cy="${n(at.y)}" r="${n(glowR)}" fill="url(#glow)"/>` +
    `<circle cx="${n(at.x)}" cy="${n(at.y)}" r="${n(coreR)}" fill="${palette.light.core}" fill-opacity="${isMoon ? 1 : 0.9}"/>`
  );
}

function groundAt(line: Point[], x: number, W: number): number {
  const i = Math.min(line.length - 1, Math.max(0, Math.round((x / W) * (line.length - 1))));
  return line[i][1];
}

function closeToBottom(line: Point[], W: number, H: number): Point[] {
  return [[0, H], ...line, [W, H]];
}

function polygon(shape: Point[], fill: string): string {
  return `<polygon points="${points(shape)}" fill="${fill}"/>`;
}

function points(shape: Point[]): string {
  return shape.map(([x, y]) => `${n(x)},${n(y)}`).join(' ');
}

function linearGradient(id: string, colors: readonly string[], offsets?: readonly number[]): string {
  const stops = colors.map((color, i) => `<stop offset="${n(offsets?.[i] ?? i / Math.max(1, colors.length - 1), 3)}" stop-color="${color}"/>`);
  return `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${stops.join('')}</linearGradient>`;
}

function radialGradient(id: string, stops: ReadonlyArray<readonly [number, string, number]>, cx = 0.5, cy = 0.5, r = 0.5): string {
  const body = stops.map(([offset, color, opacity]) => `<stop offset="${offset}" stop-color="${color}" stop-opacity="${opacity}"/>`).join('');
  return `<radialGradient id="${id}" cx="${cx}" cy="${cy}" r="${r}">${body}</radialGradient>`;
}

/** A darker version of a '#rrggbb' colour, for the shaded side of a lit object. */
function shade(hex: string): string {
  const channel = (i: number) => Math.round(parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) * 0.35);
  return `#${[0, 1, 2].map((i) => channel(i).toString(16).padStart(2, '0')).join('')}`;
}

/** Rounds coordinates: keeps the SVG small and the output identical across runs. */
function n(value: number, digits = 1): string {
  return String(Number(value.toFixed(digits)));
}
