import {
  DEFAULT_VOLUME,
  HISTORY_MAX,
  PROGRESS_INTERVAL_MS,
  SHEET_PAGE_SIZE,
  WAVE_REDRAW_DEBOUNCE_MS,
  addToHistory,
  clearHistory,
  clock,
  debounce,
  deserialize,
  ended,
  initialPlayerState,
  next,
  play,
  playSheet,
  previous,
  progressTicker,
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
  type Timers,
} from './playerCore';

/** A manual clock for the injectable timers: advance(ms) runs whatever falls due. */
function fakeTimers() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; fn: () => void; every: number | null }>();
  const timers: Timers = {
    setInterval: (fn, ms) => (pending.set(nextId, { at: now + ms, fn, every: ms }), nextId++),
    clearInterval: (id) => void pending.delete(id as number),
    setTimeout: (fn, ms) => (pending.set(nextId, { at: now + ms, fn, every: null }), nextId++),
    clearTimeout: (id) => void pending.delete(id as number),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...pending.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      const [id, t] = due;
      now = t.at;
      if (t.every === null) pending.delete(id);
      else t.at += t.every;
      t.fn();
    }
    now = end;
  };
  return { timers, advance };
}

const track = (musicId: number): PlayerTrack => ({
  musicId,
  musicName: `Track ${musicId}`,
  composerText: 'Lin',
  coverStr: `/c/${musicId}.jpg`,
  listenUrl: `/l/${musicId}.mp3`,
  waveUrl: `/api/music/wave/${musicId}`,
  duration: 100,
  durationText: '01:40',
});

/** A paged list of `total` tracks with ids 1..total; records every page asked for. */
function pagedFetcher(total: number, calls: number[] = []): PageFetcher {
  return async (source, pageNo) => {
    calls.push(pageNo);
    const start = (pageNo - 1) * source.pageSize;
    return Array.from({ length: Math.max(0, Math.min(source.pageSize, total - start)) }, (_, i) => track(start + i + 1));
  };
}
const noFetch: PageFetcher = () => Promise.reject(new Error('no list'));
const ids = (state: PlayerState) => state.history.map((t) => t.musicId);

describe('player: status and progress', () => {
  it('starts paused (status 0) at volume 50, and playing sets status 1', () => {
    expect(initialPlayerState.status).toBe(0);
    expect(initialPlayerState.volume).toBe(DEFAULT_VOLUME);
    expect(DEFAULT_VOLUME).toBe(50);
    const state = play(initialPlayerState, track(1));
    expect(state.status).toBe(1);
    expect(togglePlay(state).status).toBe(0);
    expect(togglePlay(togglePlay(state)).status).toBe(1);
    expect(togglePlay(initialPlayerState)).toBe(initialPlayerState);
  });

  it('reports progress as a fraction and seconds', () => {
    const state = updateProgress(play(initialPlayerState, track(1)), 25, 100);
    expect(state.progress).toEqual({ percent: 0.25, currentTime: 25 });
    expect(updateProgress(state, 150, 100).progress.percent).toBe(1);
    expect(updateProgress(state, 10, 0).progress.percent).toBe(0.1);
  });

  it('ticks progress every 500 ms while playing, and not after stopping', () => {
    const { timers, advance } = fakeTimers();
    let ticks = 0;
    const ticker = progressTicker(() => (ticks += 1), timers);
    ticker.start();
    ticker.start();
    advance(PROGRESS_INTERVAL_MS - 1);
    expect(ticks).toBe(0);
    advance(1 + PROGRESS_INTERVAL_MS * 3);
    expect(PROGRESS_INTERVAL_MS).toBe(500);
    expect(ticks).toBe(4);
    ticker.stop();
    advance(2000);
    expect(ticks).toBe(4);
    expect(ticker.running).toBe(false);
  });

  it('keeps volume between 0 and 100', () => {
    expect(setVolume(initialPlayerState, 120).volume).toBe(100);
    expect(setVolume(initialPlayerState, -5).volume).toBe(0);
    expect(setVolume(initialPlayerState, 33.6).volume).toBe(34);
    expect(setVolume(initialPlayerState, Number.NaN).volume).toBe(50);
  });
});

describe('player: end of track and repeat-one', () => {
  it('restarts the same track when repeat-one is on', async () => {
    const state = toggleRepeatOne(updateProgress(play(initialPlayerState, track(7)), 90, 100));
    const after = await ended(state, noFetch);
    expect(after.current?.musicId).toBe(7);
    expect(after.progress.currentTime).toBe(0);
    expect(after.status).toBe(1);
  });

  it('plays the next one when repeat-one is off', async () => {
    const fetch = pagedFetcher(3);
    const source: SourceList = { kind: 'search', request: {}, pageNo: 1, pageSize: 10, items: await fetch({ kind: 'search', request: {}, pageNo: 1, pageSize: 10, items: [], index: 0 }, 1), index: 0 };
    const state = play(initialPlayerState, source.items[0]!, source);
    expect((await ended(state, fetch)).current?.musicId).toBe(2);
  });
});

describe('player: next over a source list', () => {
  const listOf = async (kind: SourceList['kind'], total: number, pageSize: number, calls: number[] = []) => {
    const fetch = pagedFetcher(total, calls);
    const base: SourceList = { kind, request: { sheetId: 1 }, pageNo: 1, pageSize, items: [], index: 0 };
    const items = await fetch(base, 1);
    return { fetch, state: play(initialPlayerState, items[0]!, { ...base, items }) };
  };

  it('takes the next item of the list', async () => {
    const { fetch, state } = await listOf('similar', 5, 6);
    const after = await next(state, fetch);
    expect(after.current?.musicId).toBe(2);
    expect(after.source?.index).toBe(1);
  });

  it('fetches the next page when the list is exhausted', async () => {
    const calls: number[] = [];
    const { fetch, state } = await listOf('collect', 5, 2, calls);
    let s = await next(state, fetch); // 2
    s = await next(s, fetch); // page 2 -> 3
    expect(s.current?.musicId).toBe(3);
    expect(s.source?.pageNo).toBe(2);
    expect(calls).toEqual([1, 2]);
  });

  it('goes back to page 1 when a page comes back empty', async () => {
    const calls: number[] = [];
    const { fetch, state } = await listOf('search', 4, 2, calls);
    let s = state;
    for (let i = 0; i < 3; i += 1) s = await next(s, fetch); // 2, 3, 4
    expect(s.current?.musicId).toBe(4);
    s = await next(s, fetch); // page 3 empty -> page 1
    expect(s.current?.musicId).toBe(1);
    expect(s.source?.pageNo).toBe(1);
    expect(calls).toEqual([1, 2, 3, 1]);
  });

  it('starts a sheet at page 1 with page size 20', async () => {
    const calls: number[] = [];
    const s = await playSheet(initialPlayerState, 9, pagedFetcher(45, calls));
    expect(SHEET_PAGE_SIZE).toBe(20);
    expect(s.source).toMatchObject({ kind: 'sheet', request: { sheetId: 9 }, pageNo: 1, pageSize: 20, index: 0 });
    expect(s.source?.items).toHaveLength(20);
    expect(s.current?.musicId).toBe(1);
    expect(calls).toEqual([1]);
  });
});

describe('player: history', () => {
  const played = (...musicIds: number[]) => musicIds.reduce((s, id) => play(s, track(id)), initialPlayerState);

  it('keeps the history newest first, without duplicates, at most 30', () => {
    expect(ids(played(1, 2, 3, 2))).toEqual([2, 3, 1]);
    const many = Array.from({ length: 35 }, (_, i) => i + 1).reduce((h, id) => addToHistory(h, track(id)), [] as PlayerTrack[]);
    expect(HISTORY_MAX).toBe(30);
    expect(many).toHaveLength(30);
    expect(many[0]!.musicId).toBe(35);
  });

  it('without a source list, next walks the history (newest first) and wraps to the first item', async () => {
    let s = played(1, 2, 3); // history 3, 2, 1; the fresh play is index 0
    expect(s.historyCursor).toBe(0);
    s = await next(s, noFetch);
    expect(s.current?.musicId).toBe(2); // one older
    s = await next(s, noFetch);
    expect(s.current?.musicId).toBe(1);
    expect(s.historyCursor).toBe(2);
    s = await next(s, noFetch);
    expect(s.current?.musicId).toBe(3); // wrapped to the first item: the newest
    expect(s.historyCursor).toBe(0);
    expect(ids(s)).toEqual([3, 2, 1]); // walking does not reorder the history
  });

  it('previous goes back one item in the history, never below index 0', async () => {
    let s = played(1, 2, 3);
    s = await next(await next(s, noFetch), noFetch); // on 1, index 2
    s = previous(s);
    expect([s.current?.musicId, s.historyCursor]).toEqual([2, 1]);
    s = previous(s);
    expect([s.current?.musicId, s.historyCursor]).toEqual([3, 0]);
    s = previous(s);
    expect([s.current?.musicId, s.historyCursor]).toEqual([3, 0]); // index 0 is the floor
    expect(previous(initialPlayerState)).toBe(initialPlayerState);
  });

  it('a fresh play goes first in the history and walking starts from it again', async () => {
    let s = await next(played(1, 2, 3), noFetch); // on 2
    s = play(s, track(4));
    expect(ids(s)).toEqual([4, 3, 2, 1]);
    expect(s.historyCursor).toBe(0);
    s = await next(s, noFetch);
    expect(s.current?.musicId).toBe(3);
  });

  it('clears, and takes the server history after sign-in', () => {
    expect(clearHistory(played(1, 2)).history).toEqual([]);
    const s = replaceHistory(played(1), [track(5), track(4), track(5)]);
    expect(ids(s)).toEqual([5, 4]);
    expect(s.historyCursor).toBe(0);
  });
});

describe('player: persistence and helpers', () => {
  it('survives a reload paused at the saved position, with the volume and history', () => {
    const s = updateProgress(setVolume(play(play(initialPlayerState, track(1)), track(2)), 70), 42, 100);
    const restored = deserialize(serialize(s));
    expect(restored.current?.musicId).toBe(2);
    expect(restored.progress).toEqual({ percent: 0.42, currentTime: 42 });
    expect(restored.status).toBe(0);
    expect(restored.volume).toBe(70);
    expect(ids(restored)).toEqual([2, 1]);
  });

  it('falls back to defaults for missing or malformed saved state', () => {
    expect(deserialize(null)).toEqual(initialPlayerState);
    expect(deserialize('{oops')).toEqual(initialPlayerState);
    expect(deserialize(JSON.stringify({ current: { musicId: 'x' }, volume: 500, history: [1, track(3)] }))).toMatchObject({ current: null, volume: 100, history: [track(3)] });
  });

  it('redraws the waveform once, 300 ms after the last call', () => {
    const { timers, advance } = fakeTimers();
    const calls: number[] = [];
    const redraw = debounce((width: number) => calls.push(width), WAVE_REDRAW_DEBOUNCE_MS, timers);
    redraw(100);
    advance(200);
    redraw(200);
    advance(WAVE_REDRAW_DEBOUNCE_MS - 1);
    expect(calls).toEqual([]);
    advance(1);
    expect(calls).toEqual([200]);
    expect(WAVE_REDRAW_DEBOUNCE_MS).toBe(300);
  });

  it('shows elapsed and total as mm:ss', () => {
    expect(clock(0)).toBe('00:00');
    expect(clock(95.7)).toBe('01:35');
    expect(clock(Number.NaN)).toBe('00:00');
  });
});
