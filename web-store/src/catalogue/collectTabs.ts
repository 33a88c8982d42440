import type { BookmarkItem, MusicInfo } from '@mkt/contracts/web';

/** /Collect?targetType=: 0 video, 1 photo, 2 music, 3 sound effect (spec section 2). */
export const COLLECT_TABS = [
  { targetType: 0, key: 'video' },
  { targetType: 1, key: 'photo' },
  { targetType: 2, key: 'music' },
  { targetType: 3, key: 'sfx' },
] as const;

export type CollectTab = (typeof COLLECT_TABS)[number];
export type CollectTargetType = CollectTab['targetType'];

export function parseTargetType(raw: string | null | undefined): CollectTargetType {
  const value = Number(raw);
  return value === 1 || value === 2 || value === 3 ? value : 0;
}

/** The header dropdown previews this many items (spec section 9). */
export const DROPDOWN_PREVIEW_SIZE = 6;
export const COLLECT_PAGE_SIZE = 24;
/** /music/collect/my pages on /Collect (spec section 7: 6 in the header, else 10). */
export const MUSIC_COLLECT_PAGE_SIZE = 10;

/** Music and sound-effect favourites come from /music/collect/my, whose musicType is 1 music, 2 sound effect. */
export function musicTypeOfTab(targetType: CollectTargetType): 1 | 2 | null {
  return targetType === 2 ? 1 : targetType === 3 ? 2 : null;
}

/** A collected track as the bookmark lists show it (the header's preview). */
export function musicBookmarkItem(music: MusicInfo, targetType: CollectTargetType): BookmarkItem {
  return {
    id: music.bookmarkId ?? music.musicId,
    targetId: music.musicId,
    targetType,
    from: 'own',
    thumbnail: music.coverStr,
    coverStr: music.coverStr,
    musicId: music.musicId,
    title: music.musicName,
    code: music.code,
  };
}

/** Where a collected item leads: its detail page (music and sound effects: /DetailMusic from a list). */
export function bookmarkLink(item: { targetId: number; targetType: number; from: string }): string | null {
  if (item.from === 'external' && (item.targetType === 0 || item.targetType === 1)) return `/P5Detail?id=${item.targetId}`;
  if (item.targetType === 0) return `/Detail?id=${item.targetId}&mdp=6`;
  if (item.targetType === 1) return `/DetailPic?id=${item.targetId}`;
  if (item.targetType === 2 || item.targetType === 3) return `/DetailMusic?id=${item.targetId}&mdp=6`;
  return null;
}
