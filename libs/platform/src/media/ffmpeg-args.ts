/**
 * Pure ffmpeg argument builders shared by the catalogue's demo renderer and the upload
 * pipeline, unit-tested by their output.
 */

export function buildProbeArgs(path: string): string[] {
  return ['-v', 'error', '-print_format', 'json', '-show_streams', '-show_format', ...inputOptions(path), path];
}

/**
 * Options before `-i` for an input that is a file path or an http(s) link (a presigned link to
 * the object store, read with Range requests: stores answer 206 with Content-Range, so ffmpeg
 * seeks without `-seekable 1`, to a moov atom at the end included). `-reconnect 1` resumes a
 * dropped connection at the byte it had reached: without it ffmpeg takes the cut for the end of
 * the file and exits 0 with a truncated rendition. ffmpeg refuses it for a file path ("Option
 * reconnect not found"), so paths get nothing.
 */
export function inputOptions(input: string): string[] {
  return isLinkInput(input) ? ['-reconnect', '1'] : [];
}

/** True for an http(s) link, false for a file path. */
export function isLinkInput(input: string): boolean {
  return /^https?:\/\//i.test(input);
}

/** The renditions one upload pipeline run writes from a contributed video. */
export interface RenditionPaths {
  input: string;
  /** Transparent PNG the size of the preview: laid over the sample. */
  watermark: string;
  preview: string;
  sample: string;
  /** PNG strip of hover frames side by side; sharp turns it into JPEG. */
  strip: string;
  /** PNG of one frame; sharp crops it to the 16:9 thumbnail. */
  thumbnailFrame: string;
}

export interface RenditionPlan {
  /** Even-sized preview frame, 480 lines high, width following the source's aspect ratio. */
  previewWidth: number;
  previewHeight: number;
  durationSeconds: number;
  stripFrames: number;
  /** x264 preset: 'veryfast' keeps a 1080p upload's processing close to real time on two cores. */
  preset: string;
  crf: number;
}

export const PREVIEW_HEIGHT = 480;
export const STRIP_FRAMES = 10;
export const STRIP_TILE = { width: 160, height: 90 } as const;

/** Pure: the preview size and strip timing for a probed source. */
export function planRenditions(source: { width: number; height: number; durationSeconds: number | null }): RenditionPlan {
  const previewHeight = Math.min(PREVIEW_HEIGHT, even(source.height));
  const previewWidth = Math.max(2, even((source.width * previewHeight) / source.height));
  return {
    previewWidth,
    previewHeight,
    durationSeconds: source.durationSeconds && source.durationSeconds > 0 ? source.durationSeconds : 1,
    stripFrames: STRIP_FRAMES,
    preset: 'veryfast',
    crf: 26,
  };
}

/**
 * One ffmpeg run decodes the upload once and writes the 480p preview, the watermarked sample,
 * the hover strip and the thumbnail frame. Outputs are tagged bt709 (limited range, 8-bit
 * 4:2:0), which every browser plays, whatever the source was (10-bit H.265, full range...).
 */
export function buildRenditionArgs(plan: RenditionPlan, paths: RenditionPaths): string[] {
  const h264 = [
    '-c:v', 'libx264',
    '-preset', plan.preset,
    '-crf', String(plan.crf),
    '-pix_fmt', 'yuv420p',
    '-colorspace', 'bt709',
    '-color_primaries', 'bt709',
    '-color_trc', 'bt709',
    '-movflags', '+faststart',
    '-an',
  ];
  const still = ['-frames:v', '1', '-update', '1'];
  return [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
    ...inputOptions(paths.input), '-i', paths.input,
    '-i', paths.watermark,
    '-filter_complex', buildRenditionFilterGraph(plan),
    '-map', '[preview]', ...h264, paths.preview,
    '-map', '[sample]', ...h264, paths.sample,
    '-map', '[strip]', ...still, paths.strip,
    '-map', '[thumbnail]', ...still, paths.thumbnailFrame,
  ];
}

export function buildRenditionFilterGraph(plan: RenditionPlan): string {
  const { previewWidth: w, previewHeight: h, durationSeconds, stripFrames } = plan;
  // Frames evenly spread over the clip: one every duration/n seconds, starting half a step in.
  const stripRate = num(stripFrames / durationSeconds);
  const thumbnailAt = num(durationSeconds / 3);
  const tile = `scale=${STRIP_TILE.width}:${STRIP_TILE.height}:force_original_aspect_ratio=increase,crop=${STRIP_TILE.width}:${STRIP_TILE.height}`;
  return [
    `[0:v]scale=${w}:${h}:out_color_matrix=bt709:out_range=tv,format=yuv420p,setsar=1,split=4[preview][toSample][toStrip][toThumbnail]`,
    `[toSample][1:v]overlay=0:0:format=auto,format=yuv420p[sample]`,
    `[toStrip]fps=${stripRate},${tile},tile=${stripFrames}x1[strip]`,
    `[toThumbnail]select='gte(t\\,${thumbnailAt})',setpts=N/TB[thumbnail]`,
  ].join(';');
}

/**
 * The frames a perceptual fingerprint of a video is taken from: a keyframe at a quarter, half
 * and three quarters of the clip, each as a small grey PNG.
 */
export function buildKeyframeArgs(input: string, atSeconds: number, output: string): string[] {
  return ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-ss', num(atSeconds), ...inputOptions(input), '-i', input, '-frames:v', '1', '-vf', 'scale=64:-2', '-update', '1', output];
}

/**
 * A delivery copy reduced by `scale` (0 < scale < 1) for a licence with a size limit: the first
 * video stream and any audio, H.264 high quality (CRF 18), even sides, browser-safe 8-bit 4:2:0.
 * The factor applies to both sides after ffmpeg's auto-rotation, so upright phone clips stay upright.
 */
export function buildDeliveryArgs(input: string, output: string, scale: number): string[] {
  if (!(scale > 0 && scale < 1)) throw new RangeError(`delivery scale must be between 0 and 1, got ${scale}`);
  const factor = num(scale);
  return [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
    ...inputOptions(input), '-i', input,
    '-map', '0:v:0', '-map', '0:a?',
    '-vf', `scale=trunc(iw*${factor}/2)*2:trunc(ih*${factor}/2)*2:flags=lanczos,setsar=1,format=yuv420p`,
    '-c:v', 'libx264', '-preset', 'fast', '-crf', '18', '-profile:v', 'high',
    '-c:a', 'aac', '-b:a', '192k',
    '-map_metadata', '-1',
    '-movflags', '+faststart',
    output,
  ];
}

function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}

function num(value: number): string {
  return String(Number(value.toFixed(4)));
}

/** At least one frame this often for the visual index, besides each scene change. */
export const SIGNATURE_FRAME_EVERY_SECONDS = 2;
/** A scene change closer than this to the frame before it is not taken again (flashes, fast cuts). */
const SIGNATURE_SCENE_MIN_GAP_SECONDS = 0.5;
/** ffmpeg's scene score (0..1) above which a frame starts a new scene. */
const SIGNATURE_SCENE_THRESHOLD = 0.3;

/**
 * The frames of a video the visual index keeps: the first, one at least every 2 s and each
 * scene change, each stretched to `raster` x `raster` RGB and written one after another to
 * `rawOutput`; `timesOutput` gets ffmpeg's metadata lines (one `pts_time:` per frame, in order).
 * The raster is scaled before scene detection so that detection costs next to nothing.
 */
export function buildSignatureFramesArgs(input: string, raster: number, rawOutput: string, timesOutput: string): string[] {
  const select = [
    'isnan(prev_selected_t)',
    `gte(t-prev_selected_t\\,${SIGNATURE_FRAME_EVERY_SECONDS})`,
    `gt(scene\\,${SIGNATURE_SCENE_THRESHOLD})*gte(t-prev_selected_t\\,${SIGNATURE_SCENE_MIN_GAP_SECONDS})`,
  ].join('+');
  const filter = `scale=${raster}:${raster}:flags=bicubic,format=rgb24,select='${select}',metadata=mode=print:file=${escapeFilterPath(timesOutput)}`;
  return [
    '-hide_banner', '-nostdin', '-loglevel', 'error', '-y',
    ...inputOptions(input), '-i', input,
    '-map', '0:v:0', '-an', '-vf', filter, '-vsync', 'vfr', '-f', 'rawvideo', '-pix_fmt', 'rgb24', rawOutput,
  ];
}

/**
 * A path inside a filter argument is parsed by the filter graph: the folders the pipeline makes
 * (mkdtemp under its work folder) hold none of its special characters, and anything else is refused
 * rather than escaped in three levels.
 */
function escapeFilterPath(path: string): string {
  if (!/^[\w./-]+$/.test(path)) throw new Error(`a filter output path must be plain letters, digits and / . _ -: ${path}`);
  return path;
}
