import type { DemoMediaSpec } from './demo-media-spec.js';

export type PaletteName = DemoMediaSpec['palette'];

/** What stands on the horizon; each has its own shape generator in scene-svg.ts. */
export type Scenery = 'mountains' | 'snow-peaks' | 'waves' | 'forest' | 'skyline' | 'dunes' | 'studio';

/** The moving light over a video: a small lavfi pattern, blurred and screened onto the scene. */
export type TextureSource = 'life' | 'cellauto' | 'mandelbrot';

export interface Palette {
  /** Sky gradient stops, top to horizon. */
  sky: readonly string[];
  /** The sun or moon and its glow; 'none' for scenes lit from nowhere in particular. */
  light: { kind: 'sun' | 'moon' | 'none'; core: string; glow: string };
  /** Silhouette colours, far layer first. */
  layers: readonly string[];
  /** Colour of the haze between layers (aerial perspective). */
  haze: string;
  /** Second colour some sceneries need: snow caps, lit windows, wave crests, product highlights. */
  accent: string;
  scenery: Scenery;
  stars: boolean;
  texture: { source: TextureSource; opacity: number };
}

export const PALETTES: Readonly<Record<PaletteName, Palette>> = {
  sunset: {
    sky: ['#2b1055', '#7a2a78', '#d53369', '#fbb040'],
    light: { kind: 'sun', core: '#fff3c4', glow: '#ff9a5c' },
    layers: ['#8a4a7a', '#5a2a5e', '#2a1233'],
    haze: '#f08a6a',
    accent: '#ffd27a',
    scenery: 'mountains',
    stars: false,
    texture: { source: 'life', opacity: 0.3 },
  },
  ocean: {
    sky: ['#0f2f57', '#2f6fa8', '#7fc0e6', '#d8f0fa'],
    light: { kind: 'sun', core: '#ffffff', glow: '#fff4d6' },
    layers: ['#3d7fb0', '#1f5a8a', '#0c3560'],
    haze: '#cfeaf7',
    accent: '#e8fbff',
    scenery: 'waves',
    stars: false,
    texture: { source: 'life', opacity: 0.25 },
  },
  forest: {
    sky: ['#9cc3b4', '#c9e0cf', '#eef4df'],
    light: { kind: 'sun', core: '#fffbe6', glow: '#f4f1c8' },
    layers: ['#6f9a7c', '#3f6b4f', '#1c3a2a'],
    haze: '#e3eed8',
    accent: '#a8c98a',
    scenery: 'forest',
    stars: false,
    texture: { source: 'life', opacity: 0.22 },
  },
  city: {
    sky: ['#141d3a', '#3b3f6b', '#b0607a', '#f09a5b'],
    light: { kind: 'sun', core: '#ffe2b0', glow: '#f08a5b' },
    layers: ['#4a4a6e', '#2b2b4a', '#14142a'],
    haze: '#c77a7a',
    accent: '#ffd58a',
    scenery: 'skyline',
    stars: false,
    texture: { source: 'life', opacity: 0.35 },
  },
  night: {
    sky: ['#020617', '#0b1740', '#1e3a8a'],
    light: { kind: 'moon', core: '#f4f6ff', glow: '#8fa8ff' },
    layers: ['#1c2a5a', '#111b3d', '#070c1f'],
    haze: '#2a3f8a',
    accent: '#cfd8ff',
    scenery: 'mountains',
    stars: true,
    texture: { source: 'life', opacity: 0.3 },
  },
  snow: {
    sky: ['#8fb3d9', '#c6dbef', '#f4f8fc'],
    light: { kind: 'sun', core: '#ffffff', glow: '#fff8e8' },
    layers: ['#9fb6cf', '#6f8fb0', '#3f5f80'],
    haze: '#eaf2fa',
    accent: '#ffffff',
    scenery: 'snow-peaks',
    stars: false,
    texture: { source: 'life', opacity: 0.4 },
  },
  desert: {
    sky: ['#f6b26b', '#f6d365', '#fde2b0'],
    light: { kind: 'sun', core: '#fffbe8', glow: '#ffd08a' },
    layers: ['#e3a15a', '#c97b3c', '#8f4f25'],
    haze: '#fbd9a0',
    accent: '#f7c98a',
    scenery: 'dunes',
    stars: false,
    texture: { source: 'cellauto', opacity: 0.15 },
  },
  studio: {
    sky: ['#3a3f4b', '#6b7280', '#c9cdd4'],
    light: { kind: 'none', core: '#ffffff', glow: '#ffffff' },
    layers: ['#d7dbe0', '#aab0b8', '#2f3440'],
    haze: '#e5e7eb',
    accent: '#e07a5f',
    scenery: 'studio',
    stars: false,
    texture: { source: 'mandelbrot', opacity: 0.18 },
  },
};

export function paletteFor(name: PaletteName): Palette {
  const palette = PALETTES[name];
  if (!palette) throw new Error(`Unknown demo palette '${String(name)}'`);
  return palette;
}
