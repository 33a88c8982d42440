import { paletteFor, type TextureSource } from './palettes.js';
import type { DemoMediaSpec } from './demo-media-spec.js';
import { SeededRandom } from './seeded-random.js';

export const DEFAULT_VIDEO_DURATION_SECONDS = 4;
export const DEFAULT_VIDEO_FPS = 25;
export const PREVIEW_HEIGHT = 480;
export const STRIP_FRAME_COUNT = 10;
export const STRIP_TILE = { width: 160, height: 90 } as const;
/** Where the thumbnail frame is grabbed, as a fraction of the clip: past any fade-in, before the end. */
export const THUMBNAIL_POSITION = 0.4;
/** The still plate is this much larger than the frame so the camera can zoom and pan without upscaling. */
export const PLATE_OVERSCAN = 1.1;

/**
 * Every number a video render needs, decided from the spec alone (seed included) so the same
 * spec always yields the same ffmpeg arguments. Pure: no files, no processes.
 */
export interface VideoRenderPlan {
  width: number;
  height: number;
  fps: number;
  frameCount: number;
  plate: { width: number; height: number };
  /** Zoom factors and pan positions (0 = left/top, 1 = right/bottom) at the first and last frame. */
  camera: { zoomFrom: number; zoomTo: number; panXFrom: number; panXTo: number; panYFrom: number; panYTo: number };
  texture: { source: TextureSource; seed: number; opacity: number; width: number; height: number; variant: number };
  preview: { width: number; height: number };
  stripFrames: number[];
  thumbnailFrame: number;
  encoding: { preset: 'ultrafast' | 'veryfast'; originalCrf: number; previewCrf: number };
}

export function planVideoRender(spec: DemoMediaSpec): VideoRenderPlan {
  const width = even(spec.width);
  const height = even(spec.height);
  const fps = spec.fps ?? DEFAULT_VIDEO_FPS;
  const durationSeconds = spec.durationSeconds ?? DEFAULT_VIDEO_DURATION_SECONDS;
  const frameCount = Math.round(durationSeconds * fps);
  if (width < 32 || height < 32) throw new Error(`Demo video '${spec.key}' is too small: ${spec.width}x${spec.height}`);
  if (!(fps > 0) || frameCount < STRIP_FRAME_COUNT) {
    throw new Error(`Demo video '${spec.key}' needs at least ${STRIP_FRAME_COUNT} frames, got ${durationSeconds} s at ${fps} fps`);
  }

  // A stream of its own, so changing the scene generator never changes the camera move.
  const rng = new SeededRandom(spec.seed ^ 0x5bd1e995);
  const pushIn = rng.chance(0.65);
  const tight = round(rng.between(1.07, 1.14));
  const palette = paletteFor(spec.palette);
  const textureWidth = 160;

  return {
    width,
    height,
    fps,
    frameCount,
    plate: { width: even(width * PLATE_OVERSCAN), height: even(height * PLATE_OVERSCAN) },
    camera: {
      zoomFrom: pushIn ? 1 : tight,
      zoomTo: pushIn ? tight : 1,
      panXFrom: round(rng.between(0.15, 0.85)),
      panXTo: round(rng.between(0.15, 0.85)),
      panYFrom: round(rng.between(0.3, 0.7)),
      panYTo: round(rng.between(0.3, 0.7)),
    },
    texture: {
      source: palette.texture.source,
      seed: rng.integer(1, 2 ** 31 - 1),
      opacity: palette.texture.opacity,
      width: textureWidth,
      height: even((textureWidth * height) / width),
      variant: rng.integer(0, 3),
    },
    preview: { width: even((width * PREVIEW_HEIGHT) / height), height: PREVIEW_HEIGHT },
    stripFrames: Array.from({ length: STRIP_FRAME_COUNT }, (_, i) => Math.min(frameCount - 1, Math.round(((i + 0.5) * frameCount) / STRIP_FRAME_COUNT))),
    thumbnailFrame: Math.round(THUMBNAIL_POSITION * (frameCount - 1)),
    // ultrafast keeps a 720p clip within the seeding budget; the clips are smooth, so size stays small.
    encoding: { preset: 'ultrafast', originalCrf: 26, previewCrf: 28 },
  };
}

/** H.264 in yuv420p needs even dimensions. */
function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

function round(value: number): number {
  return Number(value.toFixed(4));
}
