import type { MaterialCard } from '@mkt/contracts/web';

/**
 * Display rules for materials: where a card leads, how durations and dates read, and how fast the
 * hover preview runs.
 */

type CardRef = Pick<MaterialCard, 'id' | 'kind' | 'from'>;

/**
 * The spec's route table gives the video detail two entries, mdp 6 or 7 (music's are 6 from lists
 * and 17 from the player): 6 is a detail opened from a list of the catalogue (search results, home,
 * topics, similar materials, collections); 7, the second entry, is one opened from the buyer's own
 * pages about buying, the cart (page and header preview) and the download list.
 */
export type DetailMdp = 6 | 7;

export function detailPath(card: CardRef, mdp: DetailMdp = 6): string {
  if (card.from === 'external') return `/P5Detail?id=${card.id}`;
  if (card.kind === 'photo') return `/DetailPic?id=${card.id}`;
  return `/Detail?id=${card.id}&mdp=${mdp}`;
}

/** A material in the cart or the download list (the second detail entry, mdp 7 for videos). */
export function purchaseDetailPath(id: number, kind: 'video' | 'photo'): string {
  return kind === 'photo' ? `/DetailPic?id=${id}` : `/Detail?id=${id}&mdp=7`;
}

/** Spec section 2: the hover preview fast-forwards x10 for clips over 20 s, x5 otherwise. */
export function previewPlaybackRate(durationSeconds: number | null | undefined): number {
  return (durationSeconds ?? 0) > 20 ? 10 : 5;
}

/** 7 → 0:07, 95 → 1:35, 3725 → 1:02:05. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return '';
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const secs = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${secs}` : `${minutes}:${secs}`;
}

const UTC8_OFFSET_MS = 8 * 60 * 60 * 1000;

/** Dates on the detail page read in China time (UTC+8) whatever the browser's zone: YYYY-MM-DD. */
export function formatUtc8Date(value: string | null | undefined): string {
  if (!value) return '';
  const time = Date.parse(value);
  if (Number.isNaN(time)) return '';
  return new Date(time + UTC8_OFFSET_MS).toISOString().slice(0, 10);
}

/** The resolution badge: 4K and above get one (4K, 6K, 8K); smaller sizes none. */
export function resolutionBadge(card: Pick<MaterialCard, 'maxResolution' | 'width' | 'height'>): string | null {
  const declared = /^(\d+)k$/i.exec(card.maxResolution.trim());
  if (declared) return Number(declared[1]) >= 4 ? `${declared[1]}K` : null;
  const longSide = Math.max(card.width, card.height);
  if (longSide >= 7680) return '8K';
  if (longSide >= 3840) return '4K';
  return null;
}

/** A theme colour the page can paint safely (#rgb or #rrggbb), or null. */
export function safeColor(value: string | null | undefined): string | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(trimmed)) return trimmed;
  if (/^([0-9a-f]{6})$/i.test(trimmed)) return `#${trimmed}`;
  return null;
}

/**
 * The hover strip is a row of 16:9 frames in one image; its frame count follows from its shape
 * (a 1600×90 strip holds 10 frames of 160×90).
 */
export function stripFrameCount(naturalWidth: number, naturalHeight: number): number {
  if (naturalWidth <= 0 || naturalHeight <= 0) return 1;
  return Math.max(1, Math.round(naturalWidth / naturalHeight / (16 / 9)));
}

/** The frame to show for a pointer at `fraction` (0 left edge, 1 right edge) of the card. */
export function stripFrameAt(fraction: number, frames: number): number {
  const clamped = Math.min(Math.max(fraction, 0), 1);
  return Math.min(frames - 1, Math.floor(clamped * frames));
}
