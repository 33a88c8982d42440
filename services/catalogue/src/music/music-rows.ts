import { musicDurationText, fenToYuan, type Language, type MusicInfo, type MusicType } from '@mkt/contracts';
import { localizedTitle } from '../store/material-cards.js';
import { publicRenditionPath } from '@mkt/platform';

/** The material and music-detail columns of a track, as the store's lists and the console read them. */
export interface MusicTrackColumns {
  id: string;
  code: string;
  kind: 'music' | 'sfx';
  title_zh: string;
  title_en: string;
  keywords_zh: string[];
  keywords_en: string[];
  duration: string | null;
  thumbnail_key: string | null;
  preview480_key: string | null;
  composer: string;
  artist: string;
  mastery: string;
  maker: string;
  arranger: string;
  author: string;
  bpm: number;
  mood: string;
  genre: string;
  price_fen: number;
  parent_id: string | null;
  version_name: string;
  source_note: string;
  total?: string;
}

/** A track as the store's lists read it (MusicRepository), with its versions and the viewer's favourite. */
export interface MusicRow extends MusicTrackColumns {
  sub_version_count: number;
  bookmark_id: string | null;
  /** The cheapest orderable licence, integer fen; null while no area of the cascade is priced. */
  licence_from_fen: number | null;
}

export const musicTypeOf = (kind: 'music' | 'sfx'): MusicType => (kind === 'sfx' ? 2 : 1);
export const kindOfMusicType = (type: MusicType): 'music' | 'sfx' => (type === 2 ? 'sfx' : 'music');
export const waveUrlOf = (id: number) => `/api/music/wave/${id}`;

/** Pure: a row as the spec's Music record. */
export function toMusicInfo(row: MusicRow, language: Language): MusicInfo {
  const id = Number(row.id);
  const cover = publicRenditionPath(row.thumbnail_key) ?? '';
  const duration = Number(row.duration ?? 0);
  return {
    musicId: id,
    musicType: musicTypeOf(row.kind),
    code: row.code,
    musicName: localizedTitle(row, language),
    composerText: row.composer,
    artistText: row.artist,
    masteryText: row.mastery,
    makerText: row.maker,
    arrangerText: row.arranger,
    authorText: row.author,
    durationText: musicDurationText(duration),
    duration: Math.round(duration * 10) / 10,
    bpm: row.bpm,
    mood: row.mood,
    genre: row.genre,
    tagList: (language === 'en' && row.keywords_en.length > 0 ? row.keywords_en : row.keywords_zh).map((tagName) => ({ tagName })),
    // Spec: `cover` is a list whose third item carries the url; one rendition serves all three.
    cover: [{ url: cover }, { url: cover }, { url: cover }],
    coverStr: cover,
    listenUrl: publicRenditionPath(row.preview480_key) ?? '',
    waveUrl: waveUrlOf(id),
    subVersionCount: row.sub_version_count,
    parentId: row.parent_id === null ? null : Number(row.parent_id),
    versionName: row.version_name,
    sourceNote: row.source_note,
    bookmarkId: row.bookmark_id === null ? null : Number(row.bookmark_id),
    // What the buyer pays comes from the licence cascade, never from the track's own price field.
    licenceFromFen: row.licence_from_fen,
    price: fenToYuan(row.licence_from_fen ?? 0),
    purchasePriceYuan: fenToYuan(row.licence_from_fen ?? 0),
  };
}
