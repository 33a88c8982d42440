import { mkdir, readFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { inputOptions } from './ffmpeg-args.js';
import type { FfmpegRunner } from './ffmpeg-runner.js';
import { probeVideo } from './media-size.js';

/**
 * A preview as HTTP Live Streaming: a master playlist naming one media playlist per rendition,
 * each cut into short MPEG-TS segments. Made from the 480p preview (not the original): the
 * preview is already the size a store shows, so a stream costs a 480p decode whatever the upload
 * was, and previews published before streams existed are streamed from what is stored.
 */

/** Segment length: a player starts after one segment, and a seek fetches the segment it lands in. */
export const STREAM_SEGMENT_SECONDS = 2;
/** Rendition heights, largest first; the preview's own height (at most 480) is the first one. */
export const STREAM_RENDITION_HEIGHTS = [480, 240] as const;
export const STREAM_MASTER_NAME = 'master.m3u8';
const MEDIA_PLAYLIST_NAME = 'index.m3u8';
/** H.264 Main at level 3.1 (854x480 at 30 fps fits): what every phone's decoder plays. */
const CODECS = 'avc1.4d401f';

export interface StreamRendition {
  /** Folder and label, e.g. "480p". */
  name: string;
  width: number;
  height: number;
  crf: number;
}

/** A file of a rendered stream: its path below the stream's folder, and its type. */
export interface StreamFile {
  relativePath: string;
  contentType: 'application/vnd.apple.mpegurl' | 'video/mp2t';
}

/** Pure: the renditions of a preview `width` x `height`: the preview's size, then smaller ones. */
export function planStreamRenditions(source: { width: number; height: number }): StreamRendition[] {
  const top = Math.min(STREAM_RENDITION_HEIGHTS[0], even(source.height));
  const heights = [top, ...STREAM_RENDITION_HEIGHTS.slice(1).filter((height) => height < top)];
  return heights.map((height, index) => ({
    name: `${height}p`,
    width: Math.max(2, even((source.width * height) / source.height)),
    height,
    // Smaller pictures hide less: the lower rendition is kept a little finer.
    crf: index === 0 ? 24 : 26,
  }));
}

/**
 * One ffmpeg run: the input decoded once, each rendition encoded with a keyframe every segment
 * (so every segment starts one and seeking lands exactly) into its own folder of `dir`.
 * One HLS output per rendition rather than `-var_stream_map`, which the bundled ffmpeg of 2018
 * does not finish reliably; the master playlist is written here instead (masterPlaylist).
 */
export function buildPreviewStreamArgs(input: string, renditions: StreamRendition[], dir: string): string[] {
  const labels = renditions.map((_, index) => `[r${index}]`);
  const scales = renditions.map((rendition, index) => `[s${index}]scale=${rendition.width}:${rendition.height},setsar=1,format=yuv420p[r${index}]`);
  const split = `[0:v]split=${renditions.length}${renditions.map((_, index) => `[s${index}]`).join('')}`;
  const outputs = renditions.flatMap((rendition, index) => [
    '-map', labels[index]!,
    '-c:v', 'libx264', '-preset', 'veryfast', '-profile:v', 'main', '-level:v', '3.1', '-crf', String(rendition.crf),
    '-force_key_frames', `expr:gte(t,n_forced*${STREAM_SEGMENT_SECONDS})`, '-sc_threshold', '0',
    '-an',
    '-f', 'hls', '-hls_time', String(STREAM_SEGMENT_SECONDS), '-hls_list_size', '0', '-hls_playlist_type', 'vod',
    '-hls_segment_filename', join(dir, rendition.name, '%03d.ts'),
    join(dir, rendition.name, MEDIA_PLAYLIST_NAME),
  ]);
  return ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', ...inputOptions(input), '-i', input, '-filter_complex', [split, ...scales].join(';'), ...outputs];
}

export interface StreamVariant {
  rendition: StreamRendition;
  /** Bits per second of the fullest segment, and over the whole rendition. */
  peakBandwidth: number;
  averageBandwidth: number;
}

/**
 * Pure: the master playlist, smallest rendition first: players without a bandwidth estimate
 * (Safari's, a first visit) start with the first one listed, so a slow link starts at once and
 * a fast one steps up after the first segment.
 */
export function masterPlaylist(variants: StreamVariant[]): string {
  const lines = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-INDEPENDENT-SEGMENTS'];
  const smallestFirst = [...variants].sort((a, b) => a.rendition.height - b.rendition.height);
  for (const { rendition, peakBandwidth, averageBandwidth } of smallestFirst) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${peakBandwidth},AVERAGE-BANDWIDTH=${averageBandwidth},RESOLUTION=${rendition.width}x${rendition.height},CODECS="${CODECS}"`,
      `${rendition.name}/${MEDIA_PLAYLIST_NAME}`,
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Pure: each segment of a media playlist with its duration in seconds, in order. */
export function playlistSegments(playlist: string): { uri: string; seconds: number }[] {
  const segments: { uri: string; seconds: number }[] = [];
  let seconds: number | null = null;
  for (const raw of playlist.split('\n')) {
    const line = raw.trim();
    const duration = /^#EXTINF:([\d.]+)/.exec(line);
    if (duration) seconds = Number(duration[1]);
    else if (line !== '' && !line.startsWith('#') && seconds !== null) {
      segments.push({ uri: line, seconds });
      seconds = null;
    }
  }
  return segments;
}

/**
 * Renders the stream of the video at `input` (a path or a link) into `dir`: the renditions'
 * playlists and segments, then the master playlist. Resolves with every file written, the master
 * playlist last; null when the input has no video ffprobe can read.
 */
export async function renderPreviewStream(runner: FfmpegRunner, input: string, dir: string): Promise<StreamFile[] | null> {
  const probed = await probeVideo(runner, input);
  if (!probed || probed.width <= 0 || probed.height <= 0) return null;
  const renditions = planStreamRenditions(probed);
  await Promise.all(renditions.map((rendition) => mkdir(join(dir, rendition.name), { recursive: true })));
  await runner.ffmpeg(buildPreviewStreamArgs(input, renditions, dir));
  const files: StreamFile[] = [];
  const variants: StreamVariant[] = [];
  for (const rendition of renditions) {
    const folder = join(dir, rendition.name);
    const segments = playlistSegments(await readFile(join(folder, MEDIA_PLAYLIST_NAME), 'utf8'));
    const written = new Set(await readdir(folder));
    let bits = 0;
    let seconds = 0;
    let peak = 0;
    for (const segment of segments) {
      if (!written.has(segment.uri)) throw new Error(`stream segment ${rendition.name}/${segment.uri} named but not written`);
      const segmentBits = (await stat(join(folder, segment.uri))).size * 8;
      bits += segmentBits;
      seconds += segment.seconds;
      if (segment.seconds > 0) peak = Math.max(peak, segmentBits / segment.seconds);
      files.push({ relativePath: `${rendition.name}/${segment.uri}`, contentType: 'video/mp2t' });
    }
    if (segments.length === 0) return null;
    files.push({ relativePath: `${rendition.name}/${MEDIA_PLAYLIST_NAME}`, contentType: 'application/vnd.apple.mpegurl' });
    variants.push({ rendition, peakBandwidth: Math.ceil(peak), averageBandwidth: Math.ceil(seconds > 0 ? bits / seconds : peak) });
  }
  await writeFile(join(dir, STREAM_MASTER_NAME), masterPlaylist(variants));
  files.push({ relativePath: STREAM_MASTER_NAME, contentType: 'application/vnd.apple.mpegurl' });
  return files;
}

function even(value: number): number {
  return Math.max(2, Math.round(value / 2) * 2);
}
