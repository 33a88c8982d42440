/**
 * Model and property releases: signed consent forms a contributor keeps in a private library and
 * attaches to any number of uploads. Review requires the releases an upload's declaration calls
 * for, or marks the material "editorial use only", which no commercial licence may cover.
 */
export const ReleaseCalls = {
  /** { kind?, pageNo, pageSize } → the caller's releases, newest first. */
  list: '/upload/release/list',
  /** { kind, name, signedOn, contentType, size } → a signed link the browser PUTs the file to. */
  link: '/upload/release/link',
  /** { id } after the PUT: the file is checked on its content and kept, or deleted and refused. */
  complete: '/upload/release/complete',
  /** { id } → a five-minute link to the contributor's own file. */
  view: '/upload/release/view',
  /** { id }: a release attached to nothing. */
  delete: '/upload/release/delete',
} as const;

export const RELEASE_KINDS = ['model', 'property'] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];
export const RELEASE_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type ReleaseContentType = (typeof RELEASE_TYPES)[number];
/** A scanned multi-page form fits; a camera's raw photo of one page does too. */
export const RELEASE_MAX_BYTES = 20 * 1024 * 1024;
/** How many releases one upload may carry (a crowd scene with many signed people). */
export const RELEASES_PER_UPLOAD_MAX = 50;

export interface ReleaseView {
  id: string;
  kind: ReleaseKind;
  /** The person (model release) or the property (property release) the form covers. */
  name: string;
  /** The day the form was signed (YYYY-MM-DD). */
  signedOn: string;
  contentType: ReleaseContentType;
  size: number;
  /** How many of the contributor's uploads it is attached to. */
  attachedTo: number;
  createdAt: string;
}

export interface ReleaseListResponse {
  infos: ReleaseView[];
  total: number;
}

export interface ReleaseUploadLink {
  id: string;
  url: string;
  expiresInSeconds: number;
}

/** What the contributor declared about a file, and what review decided. */
export interface ReleaseStatus {
  /** Whether recognizable people appear; null when never declared (files uploaded before releases). */
  recognizablePeople: boolean | null;
  /** Whether recognizable private property (buildings, artworks, brands' products) appears. */
  privateProperty: boolean | null;
  releaseIds: string[];
  editorialOnly: boolean;
}

/** Which releases a declaration calls for that the attached ones do not cover. */
export function missingReleases(status: Pick<ReleaseStatus, 'recognizablePeople' | 'privateProperty'>, attached: readonly ReleaseKind[]): ReleaseKind[] {
  const missing: ReleaseKind[] = [];
  if (status.recognizablePeople && !attached.includes('model')) missing.push('model');
  if (status.privateProperty && !attached.includes('property')) missing.push('property');
  return missing;
}

/** The release status other services keep with a material on sale (catalogue → orders → licensing). */
export interface MaterialReleases {
  model: boolean;
  property: boolean;
  editorialOnly: boolean;
}
export const NO_RELEASES: MaterialReleases = { model: false, property: false, editorialOnly: false };

/** A release's name as review lists it: the first character of each word, the rest masked (张*, J*** D**). */
export function maskReleaseName(name: string): string {
  return name
    .split(/(\s+)/)
    .map((word) => (/^\s+$/.test(word) ? word : [...word].map((char, index) => (index === 0 ? char : '*')).join('')))
    .join('');
}
