import { tmpdir } from 'node:os';
import { isAbsolute } from 'node:path';
import { z } from 'zod';
import { UPLOAD_LIMITS, type UploadLimitOverrides } from '@mkt/contracts';
import type { AppConfig } from '@mkt/platform';

export const UPLOAD_SETTINGS = Symbol('UPLOAD_SETTINGS');

export interface UploadSettings {
  /** Lower limits for tests and demos; always empty in production. */
  overrides: UploadLimitOverrides;
  /** Lifetime of part-upload links and of the reviewer's and contributor's preview links. */
  linkSeconds: number;
  /** ffmpeg runs longer than this are killed and the file is recorded as failed. */
  ffmpegTimeoutMs: number;
  /**
   * Where media jobs write what they render (renditions, reduced delivery copies), a folder of
   * their own per job, removed afterwards: UPLOAD_WORK_DIR, else the system temp folder. Videos
   * are read from the store, never copied here.
   */
  workDir: string;
  /** Where the deployment hosts the desktop uploader; null hides that platform's link. */
  desktopUploader: { windowsUrl: string | null; macUrl: string | null };
}

/** An http(s) address or a path on this site; never a protocol-relative or script link. */
const downloadLink = z
  .string()
  .max(2000)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value), 'must be an http(s) URL or a path starting with a single /')
  .optional();

const desktopUploaderSchema = z.object({
  DESKTOP_UPLOADER_WINDOWS_URL: downloadLink,
  DESKTOP_UPLOADER_MAC_URL: downloadLink,
});

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
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const links = desktopUploaderSchema.safeParse(cleaned);
  if (!links.success) throw new Error(`uploads configuration: ${z.prettifyError(links.error)}`);
  const workDir = env.UPLOAD_WORK_DIR || tmpdir();
  if (!isAbsolute(workDir)) throw new Error(`uploads configuration: UPLOAD_WORK_DIR must be an absolute path, got ${workDir}`);
  return {
    overrides,
    linkSeconds: 3600,
    ffmpegTimeoutMs: 30 * 60 * 1000,
    workDir,
    desktopUploader: { windowsUrl: links.data.DESKTOP_UPLOADER_WINDOWS_URL ?? null, macUrl: links.data.DESKTOP_UPLOADER_MAC_URL ?? null },
  };
}
