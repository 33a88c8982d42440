import { type RefObject, useEffect } from 'react';

/** How a preview is played: the browser's own HLS, the HLS library on Media Source Extensions, or the MP4. */
export type PreviewPlayback = 'native' | 'library' | 'mp4';

/**
 * Pure: the way to play, given what the browser can do: its own HLS first (Safari, iOS, Android,
 * Chromium from 2025, WeChat's), which needs nothing more on a first visit from a shared link;
 * hls.js on Media Source Extensions where the browser has no HLS (Firefox, older Chrome); the MP4
 * where there is neither. Measured side by side on slow 4G (docs/runbooks/benchmarks.md).
 */
export function previewPlayback(stream: string | null, canPlayHls: boolean, hasMediaSource: boolean): PreviewPlayback {
  if (!stream) return 'mp4';
  if (canPlayHls) return 'native';
  return hasMediaSource ? 'library' : 'mp4';
}

/** Buffered ahead while playing: a few segments, so a buyer who stops watching has not fetched the whole preview. */
const BUFFER_AHEAD_SECONDS = 8;
/** The stream's segment length (STREAM_SEGMENT_SECONDS): what is fetched before play. */
const FIRST_SEGMENT_SECONDS = 2;
const H264_MAIN = 'video/mp4; codecs="avc1.4d401f"';

/** Media Source Extensions, as iPhones name them (ManagedMediaSource, iOS 17.1 on) or as the others do. */
function mediaSource(): typeof MediaSource | undefined {
  return (window as { ManagedMediaSource?: typeof MediaSource }).ManagedMediaSource ?? window.MediaSource;
}

let library: ReturnType<typeof importLibrary> | null = null;
function importLibrary() {
  return import('hls.js/light');
}

/** hls.js, fetched once per visit; a failed fetch is tried again by the next caller. */
function streamingLibrary(): ReturnType<typeof importLibrary> {
  library ??= importLibrary().catch((error: unknown) => {
    library = null;
    throw error;
  });
  return library;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/**
 * Starts fetching hls.js where it would play the stream (no HLS of the browser's own, MSE there):
 * a clip's detail page calls it as it opens, so the library arrives while the material's data
 * does, not after it.
 */
export function prefetchStreamingLibrary(): void {
  if (mediaSource() && document.createElement('video').canPlayType(HLS_TYPE) === '') void streamingLibrary().catch(() => undefined);
}

/**
 * Plays a material's preview in `video`: its HLS stream when it has one (natively, or through
 * hls.js, loaded only then), else the 480p MP4. Through the library, the first segment (from
 * `startAt` when the page was opened at a time code) is fetched on opening, as
 * `preload="metadata"` fetches the head of an MP4, and a few more seconds once it plays. A stream
 * that fails falls back to the MP4. The way chosen is written on the element (`data-playback`)
 * once it is in place.
 */
export function usePreviewStream(video: RefObject<HTMLVideoElement | null>, stream: string | null, mp4: string | null, startAt: number | null): void {
  useEffect(() => {
    const media = video.current;
    if (!media) return;
    let disposed = false;
    let teardown: (() => void) | null = null;
    const playMp4 = () => {
      teardown?.();
      teardown = null;
      media.dataset.playback = 'mp4';
      if (mp4 && media.getAttribute('src') !== mp4) media.src = mp4;
    };
    const source = mediaSource();
    const way = previewPlayback(stream, media.canPlayType(HLS_TYPE) !== '', source !== undefined && source.isTypeSupported(H264_MAIN));
    if (way === 'mp4' || !stream) {
      playMp4();
      return;
    }
    if (way === 'native') {
      media.dataset.playback = way;
      media.addEventListener('error', playMp4, { once: true });
      media.src = stream;
      return () => media.removeEventListener('error', playMp4);
    }
    void streamingLibrary()
      .then(({ default: Hls }) => {
        if (disposed) return;
        if (!Hls.isSupported()) return playMp4();
        // Before play only the first segment is fetched (what preload="metadata" costs an MP4), so a tap plays at once.
        const hls = new Hls({ autoStartLoad: true, startPosition: startAt ?? -1, capLevelToPlayerSize: true, maxBufferLength: FIRST_SEGMENT_SECONDS, maxMaxBufferLength: BUFFER_AHEAD_SECONDS * 2 });
        const bufferAhead = () => {
          hls.config.maxBufferLength = BUFFER_AHEAD_SECONDS;
        };
        media.addEventListener('play', bufferAhead, { once: true });
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) playMp4();
        });
        teardown = () => {
          media.removeEventListener('play', bufferAhead);
          hls.destroy();
        };
        hls.loadSource(stream);
        hls.attachMedia(media);
        media.dataset.playback = way;
        // Play tapped while the library was loading.
        if (!media.paused) bufferAhead();
      })
      .catch(() => {
        if (!disposed) playMp4();
      });
    return () => {
      disposed = true;
      teardown?.();
    };
  }, [video, stream, mp4, startAt]);
}
