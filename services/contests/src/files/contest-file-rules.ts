import { CONTEST_LIMITS, type ContestFileRole } from '@mkt/contracts';

/** What the server measured of an uploaded file, whatever the browser declared. */
export interface MeasuredFile {
  size: number;
  /** sharp's format for pictures, 'mp4' for an ISO MP4 container, null when neither reads it. */
  format: string | null;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
}

/** A rule of spec sections 8 and 9 a file breaks; the message names it in the reader's language. */
export type ContestFileRule =
  | 'unreadable'
  | 'videoType'
  | 'videoResolution'
  | 'videoDuration'
  | 'coverType'
  | 'coverResolution'
  | 'photoType'
  | 'photoLongSide'
  | 'proofType';

export type FileVerdict = { ok: true } | { ok: false; tooLarge: true; maxBytes: number } | { ok: false; tooLarge: false; rule: ContestFileRule };

/**
 * Pure: does a measured file meet its role's rules? Size first (the spec's "file size errors"),
 * then type, then dimensions and duration.
 */
export function judgeContestFile(role: ContestFileRole, file: MeasuredFile): FileVerdict {
  const limits = CONTEST_LIMITS[role];
  if (file.size > limits.maxBytes) return { ok: false, tooLarge: true, maxBytes: limits.maxBytes };
  const broken = (rule: ContestFileRule): FileVerdict => ({ ok: false, tooLarge: false, rule });
  if (file.format === null) return broken('unreadable');
  switch (role) {
    case 'video': {
      const video = CONTEST_LIMITS.video;
      if (file.format !== 'mp4') return broken('videoType');
      if (file.width === null || file.height === null || file.durationSeconds === null) return broken('unreadable');
      if (file.width !== video.width || file.height !== video.height) return broken('videoResolution');
      if (!(file.durationSeconds > video.minSecondsExclusive && file.durationSeconds < video.maxSecondsExclusive)) return broken('videoDuration');
      return { ok: true };
    }
    case 'cover': {
      if (file.format !== 'jpeg') return broken('coverType');
      if (file.width !== CONTEST_LIMITS.cover.width || file.height !== CONTEST_LIMITS.cover.height) return broken('coverResolution');
      return { ok: true };
    }
    case 'photo': {
      if (file.format !== 'jpeg') return broken('photoType');
      if (Math.max(file.width ?? 0, file.height ?? 0) > CONTEST_LIMITS.photo.maxLongSide) return broken('photoLongSide');
      return { ok: true };
    }
  }
}

/**
 * True for an ISO base-media file branded as MP4 (an `ftyp` box whose brand is not QuickTime's):
 * ffprobe reads MOV and MP4 as one family, so the container is told apart by its first box.
 */
export function isMp4Header(header: Uint8Array): boolean {
  if (header.length < 12) return false;
  const text = (from: number, to: number) => String.fromCharCode(...header.subarray(from, to));
  return text(4, 8) === 'ftyp' && text(8, 12) !== 'qt  ';
}

/** "12.3 MB": the size the spec's size messages show ({fileSize}). */
export function formatFileSize(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${mb.toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
