import { IMAGE_QUERY_MAX_BYTES } from '@mkt/contracts/web';

/**
 * The picture a buyer chose last to search with, handed from wherever it was chosen (the header's
 * camera panel, a video's "search with this frame") to the answer page, which sends it. Kept in
 * this page's memory only: the picture is never stored, so a reload of the answer page asks for
 * one again, while going back to it shows the last search again.
 */
let chosen: File | null = null;

export function setQueryImage(picture: File): void {
  chosen = picture;
}

export function currentQueryImage(): File | null {
  return chosen;
}

export const QUERY_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const QUERY_IMAGE_ACCEPT = QUERY_IMAGE_TYPES.join(',');

/**
 * What is wrong with a picture before it is sent, as far as the browser can tell (its declared
 * type and size): 'type', 'size' or null. The server checks the real content again.
 */
export function queryImageProblem(picture: { type: string; size: number }): 'type' | 'size' | null {
  if (!(QUERY_IMAGE_TYPES as readonly string[]).includes(picture.type)) return 'type';
  if (picture.size > IMAGE_QUERY_MAX_BYTES) return 'size';
  return null;
}

/** The first picture in a paste (Ctrl+V, or a long-press paste on a phone), if any. */
export function pastedPicture(data: DataTransfer | null): File | null {
  if (!data) return null;
  for (const item of Array.from(data.items)) {
    if (item.kind === 'file' && item.type.startsWith('image/')) return item.getAsFile();
  }
  return null;
}

/** 4200 -> "0:04", 75300 -> "1:15": where in a clip a frame is. */
export function timeCode(ms: number): string {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The detail page of a material, opened at the frame's time for a clip (`t` in seconds). */
export function sourceLink(material: { id: number; kind: string }, timeMs: number | null): string {
  if (material.kind !== 'video') return `/DetailPic?id=${material.id}`;
  return timeMs === null ? `/Detail?id=${material.id}` : `/Detail?id=${material.id}&t=${(timeMs / 1000).toFixed(1)}`;
}
