import type { Language, MaterialCard, MaterialKind, MaterialSource } from '@mkt/contracts';
import { publicRenditionPath } from '@mkt/platform';

/** The columns a card needs, as the card query returns them. */
export interface CardRow {
  id: string;
  code: string;
  kind: MaterialKind;
  from: MaterialSource;
  title_zh: string;
  title_en: string;
  thumbnail_key: string | null;
  preview480_key: string | null;
  preview_strip_key: string | null;
  duration: string | null;
  width: number;
  height: number;
  group_flag: boolean;
  hdr_flag: boolean;
  max_resolution: string;
  bookmark_id: string | null;
}

/** The materials columns a card reads (CardRow's, but the bookmark). */
export const MATERIAL_CARD_COLUMN_NAMES: readonly Exclude<keyof CardRow, 'bookmark_id'>[] = [
  'id',
  'code',
  'kind',
  'from',
  'title_zh',
  'title_en',
  'thumbnail_key',
  'preview480_key',
  'preview_strip_key',
  'duration',
  'width',
  'height',
  'group_flag',
  'hdr_flag',
  'max_resolution',
];

/** The card SELECT list over materials `m` alone (what every visitor sees alike). */
export const MATERIAL_CARD_COLUMNS = MATERIAL_CARD_COLUMN_NAMES.map((name) => `m."${name}"`).join(', ');

/** The card SELECT list over materials `m` and the caller's bookmark `b`. */
export const CARD_COLUMNS = `${MATERIAL_CARD_COLUMNS}, b.id AS bookmark_id`;

/** The bookmark target type of a material kind (spec: 0 video, 1 photo, 2 music, 3 sound effect). */
export function bookmarkTargetType(kind: MaterialKind): number {
  return kind === 'video' ? 0 : kind === 'photo' ? 1 : kind === 'music' ? 2 : 3;
}

/** LEFT JOIN of the caller's bookmark ($userParam: uuid or null). */
export const bookmarkJoin = (userParam: string) =>
  `LEFT JOIN catalogue.bookmarks b ON b.user_id = ${userParam}::uuid AND b.target_id = m.id
     AND b.target_type = CASE m.kind WHEN 'video' THEN 0 WHEN 'photo' THEN 1 WHEN 'music' THEN 2 ELSE 3 END`;

export function localizedTitle(row: { title_zh: string; title_en: string }, language: Language): string {
  return language === 'en' ? row.title_en || row.title_zh : row.title_zh || row.title_en;
}

export function toCard(row: CardRow, language: Language): MaterialCard {
  return {
    id: Number(row.id),
    code: row.code,
    kind: row.kind,
    title: localizedTitle(row, language),
    // The title as the contributor wrote it (the Chinese one first), shown as the card's tooltip.
    userTitle: row.title_zh || row.title_en,
    thumbnail: publicRenditionPath(row.thumbnail_key) ?? '',
    url480: publicRenditionPath(row.preview480_key),
    previewStrip: publicRenditionPath(row.preview_strip_key),
    duration: row.duration === null ? null : Number(row.duration),
    width: row.width,
    height: row.height,
    groupFlag: row.group_flag,
    hdrFlag: row.hdr_flag,
    from: row.from,
    maxResolution: row.max_resolution,
    bookmarkId: row.bookmark_id === null ? null : Number(row.bookmark_id),
  };
}
