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

/** Where a collected item leads: its detail page (music and sound effects: /DetailMusic from a list). */
export function bookmarkLink(item: { targetId: number; targetType: number; from: string }): string | null {
  if (item.from === 'external' && (item.targetType === 0 || item.targetType === 1)) return `/P5Detail?id=${item.targetId}`;
  if (item.targetType === 0) return `/Detail?id=${item.targetId}&mdp=6`;
  if (item.targetType === 1) return `/DetailPic?id=${item.targetId}`;
  if (item.targetType === 2 || item.targetType === 3) return `/DetailMusic?id=${item.targetId}&mdp=6`;
  return null;
}
