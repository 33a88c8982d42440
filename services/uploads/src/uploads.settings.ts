import { UPLOAD_LIMITS, type UploadLimitOverrides } from '@mkt/contracts';
import type { AppConfig } from '@mkt/platform';

export const UPLOAD_SETTINGS = Symbol('UPLOAD_SETTINGS');

export interface UploadSettings {
  /** Lower limits for tests and demos; always empty in production. */
  overrides: UploadLimitOverrides;
  /** Lifetime of part-upload links and of the reviewer's and contributor's preview links. */
  linkSeconds: number;
  /** dHash bits that may differ for two pictures to count as the same (out of 64). */
  duplicateDistance: number;
  /** ffmpeg runs longer than this are killed and the file is recorded as failed. */
  ffmpegTimeoutMs: number;
}

/**
 * Read once at start. UPLOAD_MIN_VIDEO_BYTES lets browser tests upload small generated clips;
 * production ignores it so the spec's 10 MB minimum always holds there.
 */
export function uploadSettings(config: Pick<AppConfig, 'env'>, env: NodeJS.ProcessEnv = process.env): UploadSettings {
  const overrides: UploadLimitOverrides = {};
  const minVideo = Number(env.UPLOAD_MIN_VIDEO_BYTES);
  if (config.env !== 'production' && Number.isInteger(minVideo) && minVideo > 0 && minVideo < UPLOAD_LIMITS.videoMinBytes) {
    overrides.videoMinBytes = minVideo;
  }
  return { overrides, linkSeconds: 3600, duplicateDistance: 10, ffmpegTimeoutMs: 30 * 60 * 1000 };
}
