/** What the catalogue records about a rendered video, read from `ffprobe -print_format json`. */
export interface ProbedVideo {
  codec: string;
  width: number;
  height: number;
  fps: number | null;
  durationSeconds: number | null;
  colorSpace: string | null;
  colorTransfer: string | null;
}

interface ProbeJson {
  streams?: Array<Record<string, unknown>>;
  format?: Record<string, unknown>;
}

/** Pure: turns ffprobe's JSON into {@link ProbedVideo}; throws when there is no video stream. */
export function parseProbeOutput(json: string): ProbedVideo {
  const probe = JSON.parse(json) as ProbeJson;
  const video = probe.streams?.find((stream) => stream.codec_type === 'video');
  if (!video) throw new Error('ffprobe found no video stream');
  return {
    codec: String(video.codec_name ?? 'unknown'),
    width: Number(video.width),
    height: Number(video.height),
    fps: parseRate(video.avg_frame_rate) ?? parseRate(video.r_frame_rate),
    durationSeconds: parseSeconds(video.duration) ?? parseSeconds(probe.format?.duration),
    colorSpace: known(video.color_space),
    colorTransfer: known(video.color_transfer),
  };
}

/** '25/1' → 25, '30000/1001' → 29.97; '0/0' (unknown) → null. */
export function parseRate(rate: unknown): number | null {
  if (typeof rate !== 'string') return null;
  const [numerator, denominator = '1'] = rate.split('/');
  const value = Number(numerator) / Number(denominator);
  return Number.isFinite(value) && value > 0 ? Number(value.toFixed(3)) : null;
}

function parseSeconds(value: unknown): number | null {
  const seconds = Number(value);
  return value !== undefined && Number.isFinite(seconds) && seconds > 0 ? Number(seconds.toFixed(3)) : null;
}

/** ffprobe says 'unknown' or leaves the field out when a stream is untagged. */
function known(value: unknown): string | null {
  return typeof value === 'string' && value !== '' && value !== 'unknown' ? value : null;
}
