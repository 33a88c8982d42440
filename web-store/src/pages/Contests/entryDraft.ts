import { CONTEST_LIMITS, type ContestFileRole, type ContestTrackKind } from '@mkt/contracts/web';

/** One file of the form: uploading, being checked by the server, kept, or refused with the server's words. */
export interface DraftFile {
  key: string;
  role: ContestFileRole;
  name: string;
  size: number;
  progress: number;
  state: 'uploading' | 'ready' | 'failed';
  fileId: string | null;
  error: string | null;
}

export interface EntryDetails {
  title: string;
  signature: string;
  location: string;
  intro: string;
  equipment: string;
  age: string;
  gender: '' | 'male' | 'female' | 'other';
  ownerFlag: boolean;
  studentFlag: boolean;
  declaration: boolean;
}

export const EMPTY_DETAILS: EntryDetails = {
  title: '',
  signature: '',
  location: '',
  intro: '',
  equipment: '',
  age: '',
  gender: '',
  ownerFlag: false,
  studentFlag: false,
  declaration: false,
};

/** What stops the form from being sent, in the order the person should fix it; null when it can go. */
export type DraftProblem = 'waitUploads' | 'noFiles' | 'groupSize' | 'incomplete' | null;

export function draftProblem(kind: ContestTrackKind, files: readonly DraftFile[], details: EntryDetails): DraftProblem {
  if (files.some((file) => file.state === 'uploading')) return 'waitUploads';
  const ready = files.filter((file) => file.state === 'ready');
  if (kind === 'video') {
    if (!ready.some((file) => file.role === 'video')) return 'noFiles';
  } else {
    const photos = ready.filter((file) => file.role === 'photo').length;
    if (photos === 0) return 'noFiles';
    if (photos < CONTEST_LIMITS.group.min || photos > CONTEST_LIMITS.group.max) return 'groupSize';
  }
  const age = Number(details.age);
  const blank = [details.title, details.signature, details.location, details.intro, details.equipment].some((text) => text.trim() === '');
  if (blank || !Number.isInteger(age) || age < 1 || age > 150 || details.gender === '' || (kind === 'video' && !ready.some((file) => file.role === 'cover'))) return 'incomplete';
  return null;
}

/** A file the browser already knows is too large for its role (the server checks again on the content). */
export function tooLargeFor(role: ContestFileRole, size: number): number | null {
  const max = CONTEST_LIMITS[role].maxBytes;
  return size > max ? max : null;
}

/** "12.3 MB", as the server's size messages print it. */
export function fileSizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${mb.toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
