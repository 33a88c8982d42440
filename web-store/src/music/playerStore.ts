import type { MusicInfo } from '@mkt/contracts/web';
import { catalogueCalls } from '../api/catalogueCalls';
import { musicCalls } from '../api/musicCalls';
import {
  PLAYER_STORAGE_KEY,
  clearHistory,
  deserialize,
  ended,
  next,
  pause,
  play,
  playSheet,
  previous,
  replaceHistory,
  serialize,
  setVolume,
  toggleRepeatOne,
  togglePlay,
  updateProgress,
  type PageFetcher,
  type PlayerState,
  type PlayerTrack,
  type SourceList,
} from './playerCore';

/** The fields the player keeps of a track. */
export function toPlayerTrack(info: MusicInfo): PlayerTrack {
  return {
    musicId: info.musicId,
    musicName: info.musicName,
    composerText: info.composerText,
    coverStr: info.coverStr,
    listenUrl: info.listenUrl,
    waveUrl: info.waveUrl,
    duration: info.duration,
    durationText: info.durationText,
  };
}

/** Pages of each kind of source list, through its own call. */
export const fetchSourcePage: PageFetcher = async (source, pageNo) => {
  const request = { ...source.request, pageNo, pageSize: source.pageSize };
  switch (source.kind) {
    case 'sheet':
      return (await musicCalls.sheet(request as { sheetId: number; pageNo: number; pageSize: number })).infos.map(toPlayerTrack);
    case 'similar':
      return (await musicCalls.similar(request as { musicId: number; pageNo: number; pageSize: number })).infos.map(toPlayerTrack);
    case 'collect':
      return (await musicCalls.collectMy(request as { musicType: 1 | 2; pageNo: number; pageSize: number })).infos.map(toPlayerTrack);
    case 'search':
      return (await musicCalls.search(request)).infos.map(toPlayerTrack);
  }
};

type Listener = () => void;

/**
 * The one player of the page: holds the state, applies the rules of playerCore, saves to
 * localStorage (so a reload resumes the track and its position) and tells the server about plays
 * of signed-in users. The shell's player bar subscribes and drives the audio element.
 */
export class PlayerStore {
  private state: PlayerState;
  private readonly listeners = new Set<Listener>();
  private signedIn = false;
  private lastSavedAt = 0;

  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null,
    private readonly fetchPage: PageFetcher = fetchSourcePage,
  ) {
    this.state = deserialize(storage?.getItem(PLAYER_STORAGE_KEY) ?? null);
  }

  getState = (): PlayerState => this.state;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: PlayerState, save = true): void {
    const previousTrack = this.state.current?.musicId;
    this.state = next;
    if (save) this.save();
    for (const listener of this.listeners) listener();
    // Every start of a track is a play: the server keeps the history of signed-in users.
    if (next.current && next.status === 1 && (next.current.musicId !== previousTrack || next.progress.currentTime === 0)) this.reportPlay(next.current.musicId);
  }

  private save(): void {
    try {
      this.storage?.setItem(PLAYER_STORAGE_KEY, serialize(this.state));
      this.lastSavedAt = Date.now();
    } catch {
      // Storage full or disabled: the player still works, it just will not survive a reload.
    }
  }

  /** The server records the play (history of signed-in users); tracking counts it (bizType 100, ruleId 10). */
  private reportPlay(musicId: number): void {
    musicCalls.play(musicId).catch(() => undefined);
    if (typeof window !== 'undefined') {
      catalogueCalls.click({ bizType: 100, ruleId: 10, targetId: musicId, title: this.state.current?.musicName ?? '', referer: window.location.href, navigator: navigator.userAgent });
    }
  }

  play(info: MusicInfo | PlayerTrack, source: SourceList | null = null): void {
    const track = 'listenUrl' in info && !('tagList' in info) ? (info as PlayerTrack) : toPlayerTrack(info as MusicInfo);
    if (this.state.current?.musicId === track.musicId && !source) {
      this.set(togglePlay(this.state));
      return;
    }
    this.set(play(this.state, track, source));
  }

  async playSheet(sheetId: number): Promise<void> {
    this.set(await playSheet(this.state, sheetId, this.fetchPage));
  }

  toggle(): void {
    this.set(togglePlay(this.state));
  }

  pause(): void {
    this.set(pause(this.state));
  }

  async next(): Promise<void> {
    this.set(await next(this.state, this.fetchPage));
  }

  previous(): void {
    this.set(previous(this.state));
  }

  async ended(): Promise<void> {
    this.set(await ended(this.state, this.fetchPage));
  }

  toggleRepeatOne(): void {
    this.set(toggleRepeatOne(this.state));
  }

  setVolume(volume: number): void {
    this.set(setVolume(this.state, volume));
  }

  /** Progress reports come every 500 ms; they are saved at most every 2 s to spare the storage. */
  progress(currentTime: number, duration: number): void {
    const nextState = updateProgress(this.state, currentTime, duration);
    const save = Date.now() - this.lastSavedAt > 2000;
    this.state = nextState;
    if (save) this.save();
    for (const listener of this.listeners) listener();
  }

  clearHistory(): void {
    this.set(clearHistory(this.state));
    if (this.signedIn) musicCalls.savePlayList([]).catch(() => undefined);
  }

  /** After sign-in the server's history is the one shown (and kept on the server from then on). */
  async signedInChanged(signedIn: boolean): Promise<void> {
    this.signedIn = signedIn;
    if (!signedIn) return;
    try {
      const server = (await musicCalls.findPlayList()).map(toPlayerTrack);
      if (server.length === 0 && this.state.history.length > 0) {
        await musicCalls.savePlayList(this.state.history.map((t) => t.musicId));
        return;
      }
      this.set(replaceHistory(this.state, server));
    } catch {
      // The local history stays; the next play records on the server anyway.
    }
  }
}

let store: PlayerStore | null = null;

export function playerStore(): PlayerStore {
  store ??= new PlayerStore(typeof window === 'undefined' ? null : window.localStorage);
  return store;
}
