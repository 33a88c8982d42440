import { type RefObject, useEffect, useRef } from 'react';
import WaveSurfer from 'wavesurfer.js';
import { musicCalls } from '../../api/musicCalls';
import { type PlayerTrack, debounce } from '../../music/playerCore';

/**
 * The player's clickable waveform: wavesurfer.js drawing the stored peaks over the player's own
 * audio element (so seeking by click moves the real playback), redrawn 300 ms after the last
 * resize. Loaded lazily: wavesurfer stays out of the first bundle.
 */
export default function PlayerWaveform({ media, track }: { media: RefObject<HTMLAudioElement | null>; track: PlayerTrack }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = media.current;
    const host = container.current;
    if (!element || !host) return;
    const controller = new AbortController();
    let surfer: WaveSurfer | null = null;
    const redraw = debounce(() => surfer?.setOptions({ height: host.clientHeight || 36 }));
    musicCalls
      .wave(track.waveUrl, { signal: controller.signal })
      .catch(() => [] as number[])
      .then((peaks) => {
        if (controller.signal.aborted) return;
        surfer = WaveSurfer.create({
          container: host,
          media: element,
          // The element's own (absolute) source, so wavesurfer leaves the playing source alone.
          url: new URL(track.listenUrl, window.location.href).href,
          peaks: [peaks.length > 0 ? peaks : [0]],
          duration: track.duration,
          height: host.clientHeight || 36,
          waveColor: '#5c6270',
          progressColor: '#f5b83d',
          cursorWidth: 0,
          barWidth: 2,
          barGap: 1,
          barRadius: 1,
          normalize: true,
        });
      });
    window.addEventListener('resize', redraw);
    return () => {
      controller.abort();
      window.removeEventListener('resize', redraw);
      redraw.cancel();
      surfer?.destroy();
    };
  }, [media, track.musicId, track.waveUrl, track.listenUrl, track.duration]);

  return <div ref={container} style={{ width: '100%', height: '100%', cursor: 'pointer' }} data-testid="player-wave" />;
}
