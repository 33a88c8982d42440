/**
 * The persistent music player's rules (spec section 4 "Player", section 9 constants), with no
 * React and no audio element: every function takes a state and returns the next one, so each
 * rule is unit-tested on its own. The shell's player store applies them and drives the audio.
 */

export const PROGRESS_INTERVAL_MS = 500;
export const WAVE_REDRAW_DEBOUNCE_MS = 300;
export const HISTORY_MAX = 30;
export const SHEET_PAGE_SIZE = 20;
export const DEFAULT_VOLUME = 50;

/** What the player needs of a track (a subset of the contract's MusicInfo). */
export interface PlayerTrack {
  musicId: number;
  musicName: string;
  composerText: string;
  coverStr: string;
  listenUrl: string;
  waveUrl: string;
  duration: number;
  durationText: string;
}

export type SourceKind = 'sheet' | 'search' | 'similar' | 'collect';

/** The list a track was started from; `request` is what its call needs besides the page. */
export interface SourceList {
  kind: SourceKind;
  request: Record<string, unknown>;
  pageNo: number;
  pageSize: number;
  items: PlayerTrack[];
  /** Position of the playing track in `items`. */
  index: number;
}

export interface PlayerState {
  /** Spec: 1 playing, 0 paused. */
  status: 0 | 1;
  current: PlayerTrack | null;
  /** Spec "Progress": percent as a fraction, currentTime in seconds. */
  progress: { percent: number; currentTime: number };
  volume: number;
  repeatOne: boolean;
  /** Newest first, at most 30, no duplicates. */
  history: PlayerTrack[];
  /**
   * Where history walking stands in `history` as it is kept, newest first (spec section 3): a
   * fresh play is index 0; next goes one older and wraps to the first item (the newest), previous
   * goes back one, never below index 0 (spec section 4 "Player").
   */
  historyCursor: number;
  source: SourceList | null;
}

export const initialPlayerState: PlayerState = {
  status: 0,
  current: null,
  progress: { percent: 0, currentTime: 0 },
  volume: DEFAULT_VOLUME,
  repeatOne: false,
  history: [],
  historyCursor: 0,
  source: null,
};

/** Fetches one page of a source list (the sheet, search, similar or collect call). */
export type PageFetcher = (source: SourceList, pageNo: number) => Promise<PlayerTrack[]>;

/** Puts a track first in the history (moving it if already there), keeping at most 30. */
export function addToHistory(history: PlayerTrack[], track: PlayerTrack): PlayerTrack[] {
  return [track, ...history.filter((t) => t.musicId !== track.musicId)].slice(0, HISTORY_MAX);
}

function startTrack(state: PlayerState, track: PlayerTrack, recordInHistory: boolean): PlayerState {
  const history = recordInHistory ? addToHistory(state.history, track) : state.history;
  return {
    ...state,
    status: 1,
    current: track,
    progress: { percent: 0, currentTime: 0 },
    history,
    // A fresh play is the newest entry, index 0; walking keeps its own position.
    historyCursor: recordInHistory ? 0 : state.historyCursor,
  };
}

/** The user starts a track, optionally from a list (which then drives next). */
export function play(state: PlayerState, track: PlayerTrack, source: SourceList | null = null): PlayerState {
  return { ...startTrack(state, track, true), source };
}

/** Playing a sheet starts at page 1 with page size 20 (spec). */
export async function playSheet(state: PlayerState, sheetId: number, fetchPage: PageFetcher): Promise<PlayerState> {
  const source: SourceList = { kind: 'sheet', request: { sheetId }, pageNo: 1, pageSize: SHEET_PAGE_SIZE, items: [], index: 0 };
  const items = await fetchPage(source, 1);
  if (items.length === 0) return state;
  return play(state, items[0]!, { ...source, items, index: 0 });
}

export function togglePlay(state: PlayerState): PlayerState {
  if (!state.current) return state;
  return { ...state, status: state.status === 1 ? 0 : 1 };
}

export function pause(state: PlayerState): PlayerState {
  return { ...state, status: 0 };
}

export function toggleRepeatOne(state: PlayerState): PlayerState {
  return { ...state, repeatOne: !state.repeatOne };
}

/** Volume 0 to 100, whole numbers. */
export function setVolume(state: PlayerState, volume: number): PlayerState {
  const clamped = Number.isFinite(volume) ? Math.min(100, Math.max(0, Math.round(volume))) : state.volume;
  return { ...state, volume: clamped };
}

/** One progress report (every 500 ms while playing, and on seeks). */
export function updateProgress(state: PlayerState, currentTime: number, duration: number): PlayerState {
  const time = Math.max(0, currentTime);
  const total = duration > 0 ? duration : (state.current?.duration ?? 0);
  const percent = total > 0 ? Math.min(1, time / total) : 0;
  return { ...state, progress: { percent, currentTime: time } };
}

/**
 * Next. With a source list: the next item; past the end, the next page; an empty page goes back
 * to page 1. Without one: history walking, wrapping to the first item.
 */
export async function next(state: PlayerState, fetchPage: PageFetcher): Promise<PlayerState> {
  const source = state.source;
  if (source) {
    if (source.index + 1 < source.items.length) {
      const index = source.index + 1;
      return { ...startTrack(state, source.items[index]!, true), source: { ...source, index } };
    }
    const nextPage = source.pageNo + 1;
    const items = await fetchPage(source, nextPage);
    if (items.length > 0) return { ...startTrack(state, items[0]!, true), source: { ...source, pageNo: nextPage, items, index: 0 } };
    const first = await fetchPage(source, 1);
    if (first.length === 0) return { ...state, status: 0 };
    return { ...startTrack(state, first[0]!, true), source: { ...source, pageNo: 1, items: first, index: 0 } };
  }
  if (state.history.length === 0) return state;
  const cursor = state.historyCursor + 1 >= state.history.length ? 0 : state.historyCursor + 1;
  return { ...startTrack(state, state.history[cursor]!, false), historyCursor: cursor };
}

/** Previous goes back one item in the history (newest first), never below index 0. */
export function previous(state: PlayerState): PlayerState {
  if (state.history.length === 0) return state;
  const cursor = Math.max(0, Math.min(state.historyCursor, state.history.length - 1) - 1);
  return { ...startTrack(state, state.history[cursor]!, false), historyCursor: cursor };
}

/** A track ended: the same one again with repeat-one, otherwise next. */
export async function ended(state: PlayerState, fetchPage: PageFetcher): Promise<PlayerState> {
  if (state.repeatOne && state.current) return { ...state, status: 1, progress: { percent: 0, currentTime: 0 } };
  return next(state, fetchPage);
}

export function clearHistory(state: PlayerState): PlayerState {
  return { ...state, history: [], historyCursor: 0 };
}

/** The server's history (newest first) after sign-in replaces the local one. */
export function replaceHistory(state: PlayerState, history: PlayerTrack[]): PlayerState {
  const deduped = history.reduceRight<PlayerTrack[]>((list, track) => addToHistory(list, track), []);
  return { ...state, history: deduped, historyCursor: 0 };
}

/* Persistence: the playing track and its progress survive navigation and reload (spec section 3 "Session store"). */

export const PLAYER_STORAGE_KEY = 'mkt.player';

export function serialize(state: PlayerState): string {
  return JSON.stringify({ ...state, source: state.source ? { ...state.source } : null });
}

const isTrack = (value: unknown): value is PlayerTrack =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as PlayerTrack).musicId === 'number' &&
  typeof (value as PlayerTrack).listenUrl === 'string' &&
  typeof (value as PlayerTrack).musicName === 'string';

/**
 * Restores a saved state; anything malformed falls back to the defaults field by field. A reload
 * comes back paused at the saved position: browsers refuse to start audio without a gesture.
 */
export function deserialize(raw: string | null): PlayerState {
  if (!raw) return initialPlayerState;
  let parsed: Partial<PlayerState>;
  try {
    parsed = JSON.parse(raw) as Partial<PlayerState>;
  } catch {
    return initialPlayerState;
  }
  if (typeof parsed !== 'object' || parsed === null) return initialPlayerState;
  const history = Array.isArray(parsed.history) ? parsed.history.filter(isTrack).slice(0, HISTORY_MAX) : [];
  const current = isTrack(parsed.current) ? parsed.current : null;
  const progress = parsed.progress && typeof parsed.progress.currentTime === 'number' && typeof parsed.progress.percent === 'number' ? parsed.progress : initialPlayerState.progress;
  const source =
    parsed.source && Array.isArray(parsed.source.items) && typeof parsed.source.pageNo === 'number'
      ? { ...parsed.source, items: parsed.source.items.filter(isTrack) }
      : null;
  const restored: PlayerState = {
    status: 0,
    current,
    progress: current ? progress : initialPlayerState.progress,
    volume: DEFAULT_VOLUME,
    repeatOne: parsed.repeatOne === true,
    history,
    historyCursor: typeof parsed.historyCursor === 'number' ? Math.min(Math.max(0, parsed.historyCursor), Math.max(0, history.length - 1)) : 0,
    source,
  };
  return setVolume(restored, typeof parsed.volume === 'number' ? parsed.volume : DEFAULT_VOLUME);
}

/* Timers, injectable so the intervals are tested with fake clocks. */

export interface Timers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: Timers = {
  setInterval: (fn, ms) => globalThis.setInterval(fn, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Reports progress every 500 ms while running; start and stop follow the play status. */
export function progressTicker(onTick: () => void, timers: Timers = globalTimers) {
  let handle: unknown = null;
  return {
    start() {
      if (handle === null) handle = timers.setInterval(onTick, PROGRESS_INTERVAL_MS);
    },
    stop() {
      if (handle !== null) timers.clearInterval(handle);
      handle = null;
    },
    get running() {
      return handle !== null;
    },
  };
}

/** Calls `fn` once calls have stopped for `ms` (the waveform redraws 300 ms after the last resize). */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms = WAVE_REDRAW_DEBOUNCE_MS, timers: Timers = globalTimers) {
  let handle: unknown = null;
  const debounced = (...args: A) => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = timers.setTimeout(() => {
      handle = null;
      fn(...args);
    }, ms);
  };
  debounced.cancel = () => {
    if (handle !== null) timers.clearTimeout(handle);
    handle = null;
  };
  return debounced;
}

/** mm:ss for the elapsed / total display. */
export function clock(seconds: number): string {
  const whole = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`;
}
