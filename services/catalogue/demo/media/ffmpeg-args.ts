import type { VideoRenderPlan } from './video-render-plan.js';

/**
 * Pure ffmpeg argument builders, unit-tested by their output. One ffmpeg run renders the
 * original and every derived file from the same frames, so nothing is decoded twice.
 */
export interface VideoRenderPaths {
  /** Inputs: the still scene the camera moves over, and the full-frame watermark for the sample. */
  plate: string;
  watermark: string;
  original: string;
  preview: string;
  sample: string;
  /** PNGs: sharp turns them into the JPEG renditions. */
  strip: string;
  thumbnailFrame: string;
}

const WATERMARK_INPUT = '0:v';
const PLATE_INPUT = '1:v';

export function buildVideoRenderArgs(plan: VideoRenderPlan, paths: VideoRenderPaths): string[] {
  const h264 = (crf: number) => [
    '-c:v', 'libx264',
    '-preset', plan.encoding.preset,
    '-crf', String(crf),
    '-pix_fmt', 'yuv420p',
    // Tag what the filter graph produced (bt709, limited range) so players and ffprobe agree.
    '-colorspace', 'bt709',
    '-color_primaries', 'bt709',
    '-color_trc', 'bt709',
    '-frames:v', String(plan.frameCount),
    '-movflags', '+faststart',
    '-an',
  ];
  const stillImage = ['-frames:v', '1', '-update', '1'];
  return [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
    '-i', paths.watermark,
    '-i', paths.plate,
    '-filter_complex', buildVideoFilterGraph(plan),
    '-map', '[original]', ...h264(plan.encoding.originalCrf), paths.original,
    '-map', '[preview]', ...h264(plan.encoding.previewCrf), paths.preview,
    '-map', '[sample]', ...h264(plan.encoding.previewCrf), paths.sample,
    '-map', '[strip]', ...stillImage, paths.strip,
    '-map', '[thumbnail]', ...stillImage, paths.thumbnailFrame,
  ];
}

/**
 * The scene: a slow camera move over the still plate (zoompan), with a small moving lavfi
 * pattern, blurred into soft drifting light, screened onto the brightness only so the palette's
 * colours stay put. Then split into the original, the 480p preview, the watermarked sample,
 * the hover strip and the thumbnail frame.
 */
export function buildVideoFilterGraph(plan: VideoRenderPlan): string {
  const { width, height, fps, frameCount: frames, camera, preview } = plan;
  const last = Math.max(1, frames - 1);
  const progress = `on/${last}`;
  const zoom = `${camera.zoomFrom}+${num(camera.zoomTo - camera.zoomFrom)}*${progress}`;
  const panX = `(iw-iw/zoom)*(${camera.panXFrom}+${num(camera.panXTo - camera.panXFrom)}*${progress})`;
  const panY = `(ih-ih/zoom)*(${camera.panYFrom}+${num(camera.panYTo - camera.panYFrom)}*${progress})`;
  const tile = `scale=160:90:force_original_aspect_ratio=increase,crop=160:90`;
  return [
    // Convert the RGB plate once, with the matrix the outputs are tagged with.
    `[${PLATE_INPUT}]scale=out_color_matrix=bt709:out_range=tv,format=yuv420p,` +
      `zoompan=z='${zoom}':x='${panX}':y='${panY}':d=${frames}:s=${width}x${height}:fps=${fps}[plate]`,
    `${buildTextureSource(plan)},gblur=sigma=2.5,scale=${width}:${height}:flags=bilinear,format=yuv420p[texture]`,
    `[plate][texture]blend=c0_mode=screen:c0_opacity=${plan.texture.opacity}:c1_mode=normal:c2_mode=normal:shortest=1,` +
      `trim=end_frame=${frames},split=4[original][toPreview][toStrip][toThumbnail]`,
    `[toPreview]scale=${preview.width}:${preview.height},split=2[preview][toSample]`,
    `[toSample][${WATERMARK_INPUT}]overlay=0:0[sample]`,
    `[toStrip]select='${plan.stripFrames.map((n) => `eq(n,${n})`).join('+')}',${tile},tile=${plan.stripFrames.length}x1[strip]`,
    `[toThumbnail]select='eq(n,${plan.thumbnailFrame})'[thumbnail]`,
  ].join(';');
}

/** The moving pattern, small (blurred and upscaled afterwards, so detail would be wasted CPU). */
export function buildTextureSource(plan: VideoRenderPlan): string {
  const { source, seed, width, height, variant } = plan.texture;
  const size = `s=${width}x${height}:r=${plan.fps}`;
  switch (source) {
    case 'life':
      // Sparse cells with a long mould trail read as drifting dust, snow or bokeh once blurred.
      return `life=${size}:seed=${seed}:ratio=${num(0.05 + variant * 0.02)}:mold=${20 + variant * 10}:life_color=#ffffff:death_color=#000000:mold_color=#3a3a3a`;
    case 'cellauto':
      // Scrolling rule patterns become heat shimmer and sand ripples.
      return `cellauto=${size}:seed=${seed}:rule=${[18, 30, 90, 150][variant]}:random_fill_ratio=0.3:scroll=1`;
    case 'mandelbrot':
      // A slow dive makes light play on a studio backdrop.
      return `mandelbrot=${size}:maxiter=96:start_scale=${num(2.5 + variant * 0.3)}:end_scale=0.6:end_pts=${plan.frameCount}:start_x=-0.743643887:start_y=0.131825904`;
  }
}

function num(value: number): string {
  return String(Number(value.toFixed(4)));
}
