import type { ReleaseContentType, ReleaseKind, ReleaseStatus } from './releases.js';
/**
 * Contributor uploads (spec sections 2 "Upload panel", 3 "Upload file", 4, 5, 7 "Upload and
 * download", 8, 9): call paths, limits, the validation rules both the browser and the server
 * apply, and the material centre's views. No zod here, so the web apps can import it; request
 * schemas are in ./schemas.ts.
 */
export type {
  MaterialDetailsRequest,
  MaterialListRequest,
  MaterialUpdateRequest,
  ReviewDecision,
  UploadStsRequest,
  UploadSuccessRequest,
  UploadTokenRequest,
} from './schemas.js';

export const UploadCalls = {
  tokenVideo: '/upload/token/video',
  tokenPhoto: '/upload/token/photo',
  /** Short-lived part-upload credentials: signed part links for the local store and for S3/MinIO alike. */
  sts: '/upload/ali/sts',
  videoSuccess: '/upload/video/success',
  photoSuccess: '/upload/photo/success',
  /** Signed sample links of the contributor's own materials. */
  downloadSts: '/download/ali/sts',
  /** Material centre (not shown by the spec; same style). */
  materialList: '/upload/material/list',
  materialDetail: '/upload/material/detail',
  materialUpdate: '/upload/material/update',
  materialDelete: '/upload/material/delete',
  materialResubmit: '/upload/material/resubmit',
  /** The details a file needs before review (title, description, keywords, category, filters); any contributor, own files not yet reviewed. */
  materialDetails: '/upload/material/details',
  /** The limits in force, so the browser checks files as the server will. */
  limits: '/upload/limits',
  /** Where the deployment offers the desktop uploader; public, for the help page too. */
  desktopUploader: '/upload/desktopUploader',
} as const;

export const UPLOAD_KINDS = ['video', 'photo'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

const MB = 1024 * 1024;
const GB = 1024 * MB;

/** Spec section 9. Part size: 1 MB on the local store; S3-compatible stores refuse parts under 5 MiB. */
export const UPLOAD_LIMITS = {
  videoMaxBytes: 3 * GB,
  videoMinBytes: 10 * MB,
  videoExtensions: ['.mp4'],
  videoCodecs: ['h264', 'hevc'],
  /** "At least 1080P": the short side of the frame. */
  videoMinShortSide: 1080,
  videoMinSeconds: 3,
  photoMaxBytes: 50 * MB,
  photoExtensions: ['.jpg', '.jpeg', '.png'],
  photoMinMegapixels: 10,
  photoMaxMegapixels: 250,
  photoMaxSide: 30000,
  partSize: 1 * MB,
  parallelParts: 10,
  partRetries: 3,
  /** Time-left estimate never divides by less than this speed. */
  speedFloorBytesPerSecond: 0.01 * MB,
  desktopUploaderVersion: '2.3.2',
} as const;

/** The rule a file broke; the browser and the server word each one from their own message tables. */
export type UploadRuleKey =
  | 'uploadUnsupportedType'
  | 'uploadVideoTooLarge'
  | 'uploadVideoTooSmall'
  | 'uploadPhotoTooLarge'
  | 'uploadPhotoBelowMegapixels'
  | 'uploadPhotoAboveMegapixels'
  | 'uploadPhotoSideTooLong'
  | 'uploadPhotoUnreadable'
  | 'uploadDuplicateName'
  | 'uploadQueueEmpty'
  | 'uploadVideoUnreadable'
  | 'uploadVideoCodec'
  | 'uploadVideoResolution'
  | 'uploadVideoDuration';

export interface UploadRuleBroken {
  key: UploadRuleKey;
  params?: Record<string, string | number>;
}

/** Optional lower minimum of video size: a test setting, ignored in production. */
export interface UploadLimitOverrides {
  videoMinBytes?: number;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot).toLowerCase();
}

export function formatFileSize(bytes: number): string {
  if (bytes >= GB) return `${(bytes / GB).toFixed(2)}GB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(2)}MB`;
  return `${(bytes / 1024).toFixed(2)}KB`;
}

/** Local checks of a video before it is queued (name and size; content is checked after upload). */
export function checkVideoFile(file: { name: string; size: number }, overrides: UploadLimitOverrides = {}): UploadRuleBroken | null {
  if (!(UPLOAD_LIMITS.videoExtensions as readonly string[]).includes(extensionOf(file.name))) return { key: 'uploadUnsupportedType' };
  if (file.size > UPLOAD_LIMITS.videoMaxBytes) return { key: 'uploadVideoTooLarge', params: { fileSize: formatFileSize(file.size) } };
  if (file.size < (overrides.videoMinBytes ?? UPLOAD_LIMITS.videoMinBytes)) return { key: 'uploadVideoTooSmall', params: { fileSize: formatFileSize(file.size) } };
  return null;
}

/** Local checks of a photo: name, size, and the dimensions read from the file (null: unreadable). */
export function checkPhotoFile(
  file: { name: string; size: number },
  dimensions: { width: number; height: number } | null | undefined,
): UploadRuleBroken | null {
  if (!(UPLOAD_LIMITS.photoExtensions as readonly string[]).includes(extensionOf(file.name))) return { key: 'uploadUnsupportedType' };
  if (file.size > UPLOAD_LIMITS.photoMaxBytes) return { key: 'uploadPhotoTooLarge', params: { fileSize: formatFileSize(file.size) } };
  if (dimensions === undefined) return null;
  return checkPhotoDimensions(dimensions);
}

export function checkPhotoDimensions(dimensions: { width: number; height: number } | null): UploadRuleBroken | null {
  if (!dimensions || !(dimensions.width > 0) || !(dimensions.height > 0)) return { key: 'uploadPhotoUnreadable' };
  const { width, height } = dimensions;
  if (width > UPLOAD_LIMITS.photoMaxSide || height > UPLOAD_LIMITS.photoMaxSide) return { key: 'uploadPhotoSideTooLong' };
  const megapixels = (width * height) / 1_000_000;
  if (megapixels < UPLOAD_LIMITS.photoMinMegapixels) return { key: 'uploadPhotoBelowMegapixels' };
  if (megapixels > UPLOAD_LIMITS.photoMaxMegapixels) return { key: 'uploadPhotoAboveMegapixels' };
  return null;
}

/** What the server reads from an uploaded video (ffprobe); null when it is not a readable video. */
export interface VideoContentFacts {
  codec: string;
  width: number;
  height: number;
  durationSeconds: number | null;
}

/** The spec's stated video requirements, on the real content: H.264/H.265, at least 1080P, 3 s or longer. */
export function checkVideoContent(facts: VideoContentFacts | null): UploadRuleBroken | null {
  if (!facts || !(facts.width > 0) || !(facts.height > 0)) return { key: 'uploadVideoUnreadable' };
  if (!(UPLOAD_LIMITS.videoCodecs as readonly string[]).includes(facts.codec)) return { key: 'uploadVideoCodec', params: { codec: facts.codec } };
  if (Math.min(facts.width, facts.height) < UPLOAD_LIMITS.videoMinShortSide) {
    return { key: 'uploadVideoResolution', params: { width: facts.width, height: facts.height } };
  }
  if (facts.durationSeconds === null || facts.durationSeconds < UPLOAD_LIMITS.videoMinSeconds) return { key: 'uploadVideoDuration' };
  return null;
}

/** Queue rule: a name already listed may not be added again. */
export function checkDuplicateName(name: string, queuedNames: readonly string[]): UploadRuleBroken | null {
  return queuedNames.includes(name) ? { key: 'uploadDuplicateName' } : null;
}

// ---- calls ----

export interface UploadLimitsResponse {
  videoMinBytes: number;
  videoMaxBytes: number;
  photoMaxBytes: number;
  partSize: number;
  parallelParts: number;
  partRetries: number;
}

/** Download links of the desktop uploader; null for a platform the deployment does not offer. */
export interface DesktopUploaderResponse {
  version: string;
  windowsUrl: string | null;
  macUrl: string | null;
}

export interface UploadTokenResponse {
  bucketName: string;
  filePath: string;
  /** The upload session; the browser keeps it to resume after a reload. */
  uploadId: string;
  partSize: number;
  partCount: number;
  /** Checkpoint: parts the server already holds; a resumed upload skips them. */
  uploadedParts: number[];
  /**
   * The contributor's own earlier upload of a file with this name and size (not the open session
   * being resumed): the panel warns before the same file goes to review twice. Null when none.
   */
  earlierUpload?: { id: number; status: UploadStatus; createdAt: string } | null;
}

export interface UploadStsResponse {
  /** The spec's field names; the signed links below carry the actual authorisation. */
  accessKeyId: string;
  accessKeySecret: string;
  securityToken: string;
  expiration: string;
  parts: { partNumber: number; url: string }[];
}

/** Where a contributed file is in its life (spec section 4 "Transcoding" and review). */
export const UPLOAD_STATUSES = ['uploading', 'transcoding', 'failed', 'waiting', 'published', 'rejected', 'unpublished'] as const;
export type UploadStatus = (typeof UPLOAD_STATUSES)[number];

/** Material centre tabs (query `tab`); `home` is the default. */
export const MATERIAL_CENTER_TABS = ['home', 'videoWaiting', 'photoWaiting', 'published', 'rejected'] as const;
export type MaterialCenterTab = (typeof MATERIAL_CENTER_TABS)[number];

/** One contributed file as the material centre shows it. */
export interface ContributedMaterial {
  id: number;
  kind: UploadKind;
  fileName: string;
  fileSize: number;
  status: UploadStatus;
  /** Failure or rejection reason, in the language it was written in. */
  reason: string | null;
  titleZh: string;
  titleEn: string;
  keywordsZh: string[];
  keywordsEn: string[];
  descriptionZh: string;
  descriptionEn: string;
  /** The catalogue category the contributor chose (the store's category lists), or null. */
  categoryId: number | null;
  /** The category filters the contributor chose (values of FILTER_VALUES), by filter. */
  filters: Partial<Record<DetailFilter, string[]>>;
  /** When the contributor completed the details a file needs before review; null while missing. */
  detailsAt: string | null;
  /** What the contributor declared about people and property, the releases attached, and review's "editorial use only". */
  releases: ReleaseStatus;
  width: number | null;
  height: number | null;
  durationSeconds: number | null;
  fps: number | null;
  codec: string | null;
  colorSpace: string | null;
  colorTransfer: string | null;
  thumbnail: string | null;
  url480: string | null;
  previewStrip: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface MaterialListResponse {
  infos: ContributedMaterial[];
  total: number;
  /** Counts per tab, for the tab badges and the home overview. */
  counts: Record<MaterialCenterTab, number>;
}

// ---- console ----

export interface ReviewRecord extends ContributedMaterial {
  contributorId: string;
  originalKey: string | null;
  /** Short-lived signed links for the reviewer. */
  previewUrl: string | null;
  thumbnailUrl: string | null;
  phash: string | null;
  /** Near-duplicates of other contributors' uploads and of the contributor's own: shown side by side. */
  duplicates: ReviewDuplicate[];
  /** The attached releases, their names masked: a reviewer opens one (name and file) through an audited reveal. */
  attachedReleases: ReviewRelease[];
  /** The releases the declaration calls for that none attached covers: approving then needs "editorial use only". */
  missingReleases: ReleaseKind[];
}

export interface ReviewRelease {
  id: string;
  kind: ReleaseKind;
  /** Masked (张*, J*** D**). */
  name: string;
  signedOn: string;
  contentType: ReleaseContentType;
}

/** POST /admin-api/reviews/:id/releases/:releaseId/reveal: the full name and a five-minute link to the file. */
export interface RevealedRelease {
  id: string;
  name: string;
  url: string;
  expiresInSeconds: number;
}

/**
 * How a near-duplicate's footage relates to this upload's: the same picture or clip; this one
 * found inside the other (a re-cut of a longer original); or the other inside this one.
 */
export const DUPLICATE_RELATIONS = ['same', 'insideTheirs', 'containsTheirs'] as const;
export type DuplicateRelation = (typeof DUPLICATE_RELATIONS)[number];

export interface ReviewDuplicate {
  id: number;
  contributorId: string;
  fileName: string;
  /** Bits between the closest pair of frame hashes. */
  distance: number;
  thumbnailUrl: string | null;
  relation: DuplicateRelation;
  /** Matching frames, in this upload's time order: where each appears here and there (ms; 0 for photos). */
  matches: { timeMs: number; theirTimeMs: number }[];
}

/**
 * The category filters a contributor describes a file with (spec section 9); resolution, frame
 * rate and duration come from the file itself.
 */
export const DETAIL_FILTERS = ['mediaType', 'shootingType', 'composition', 'people', 'gender', 'race', 'count', 'age'] as const;
export type DetailFilter = (typeof DETAIL_FILTERS)[number];

/** A file's details can be given until a reviewer has decided on it; a rejected one is corrected and resubmitted. */
export const DETAILS_EDITABLE_STATUSES: readonly UploadStatus[] = ['uploading', 'transcoding', 'waiting', 'failed', 'rejected'];

/** Keywords as typed in one field: separated by commas (either width), ideographic commas, semicolons or new lines; spaces stay inside a keyword. */
export function splitKeywords(text: string): string[] {
  return text
    .split(/[,，、;；\n]+/)
    .map((keyword) => keyword.trim())
    .filter(Boolean);
}

/** What the details step asks for at least, so buyers can find the file (keywords per language). */
export const DETAILS_RULES = { minKeywords: 3, maxKeywords: 50, titleMax: 100, descriptionMax: 1000 } as const;
