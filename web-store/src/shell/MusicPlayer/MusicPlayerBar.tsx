import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { clock, progressTicker } from '../../music/playerCore';
import { NextIcon, PauseIcon, PlayIcon, PrevIcon, RepeatOneIcon } from '../../music/playerIcons';
import { usePlayer } from '../../music/usePlayer';
import { useMusicActions } from '../../music/useMusicActions';
import { useSession } from '../../session/SessionProvider';
import { DownloadIcon, HeartIcon } from '../../ui/icons';
import styles from './MusicPlayerBar.module.css';
import { trackCover } from '../../music/trackCover';

// wavesurfer.js, the panel and the buy drawer load on demand so the first bundle stays small.
const PlayerWaveform = lazy(() => import('./PlayerWaveform'));
const PlayerPanel = lazy(() => import('./PlayerPanel'));
const BuyLicenceDrawer = lazy(() => import('../../music/BuyLicenceDrawer'));
// With the boards' messages, only once a track plays.
const SaveToBoard = lazy(() => import('../../pages/Boards/SaveToBoard').then((module) => ({ default: module.SaveToBoard })));

/**
 * The persistent player (spec section 2 "Music player bar"), rendered once in the shell so it
 * lives across routes. It owns the one audio element; the player store owns the state.
 */
export function MusicPlayerBar() {
  const { t } = useTranslation();
  const { state, player } = usePlayer();
  const { status: sessionStatus } = useSession();
  const audio = useRef<HTMLAudioElement>(null);
  const restoredAt = useRef<number | null>(state.progress.currentTime > 0 ? state.progress.currentTime : null);
  const [expanded, setExpanded] = useState(false);
  const [buying, setBuying] = useState(false);
  const current = state.current;
  const actions = useMusicActions(current?.musicId ?? null);

  useEffect(() => {
    if (sessionStatus !== 'checking') void player.signedInChanged(sessionStatus === 'signedIn');
  }, [sessionStatus, player]);

  // Play or pause the element as the state says; a refused autoplay shows as paused.
  useEffect(() => {
    const element = audio.current;
    if (!element || !current) return;
    if (state.status === 1) element.play().catch(() => player.pause());
    else element.pause();
  }, [state.status, current, player]);

  // End of a track: repeat-one restarts the same element (its source does not change, so the
  // play effect above would not run again); otherwise the next track's source starts playing.
  const onEnded = useCallback(async () => {
    const endedId = player.getState().current?.musicId;
    await player.ended();
    const element = audio.current;
    const now = player.getState();
    if (element && now.status === 1 && now.current?.musicId === endedId) {
      element.currentTime = 0;
      element.play().catch(() => player.pause());
    }
  }, [player]);

  useEffect(() => {
    if (audio.current) audio.current.volume = state.volume / 100;
  }, [state.volume, current?.musicId]);

  // Progress every 500 ms while playing (spec section 4).
  useEffect(() => {
    const ticker = progressTicker(() => {
      const element = audio.current;
      if (element) player.progress(element.currentTime, element.duration);
    });
    if (state.status === 1) ticker.start();
    return () => ticker.stop();
  }, [state.status, player]);

  const onLoaded = useCallback(() => {
    const element = audio.current;
    if (element && restoredAt.current !== null) {
      element.currentTime = restoredAt.current;
      restoredAt.current = null;
    }
  }, []);

  if (!current) return null;
  const detailLink = `/DetailMusic?id=${current.musicId}&mdp=17`;
  return (
    <>
    {/* Keeps the end of the page (footer) clear of the fixed bar. */}
    <div className={styles.spacer} aria-hidden="true" />
    <div className={expanded ? `${styles.bar} ${styles.expanded}` : styles.bar} data-testid="music-player" data-music-id={current.musicId} data-status={state.status}>
      <audio
        ref={audio}
        src={current.listenUrl}
        preload="auto"
        onLoadedMetadata={onLoaded}
        onEnded={() => void onEnded()}
        data-testid="music-audio"
      />
      <div className={styles.row}>
        <Link to={detailLink} className={styles.cover} aria-label={current.musicName}>
          <img src={trackCover(current)} alt="" />
        </Link>
        <div className={styles.meta}>
          <Link to={detailLink} className={styles.name} data-testid="player-title">
            {current.musicName}
          </Link>
          <span className={styles.composer}>{current.composerText}</span>
        </div>
        <div className={styles.controls}>
          <button type="button" className={`${styles.control} ${styles.secondary}`} onClick={() => player.previous()} aria-label={t('music.player.previous')} data-testid="player-previous">
            <PrevIcon />
          </button>
          <button
            type="button"
            className={`${styles.control} ${styles.play}`}
            onClick={() => player.toggle()}
            aria-label={state.status === 1 ? t('music.player.pause') : t('music.player.play')}
            data-testid="player-toggle"
          >
            {state.status === 1 ? <PauseIcon /> : <PlayIcon />}
          </button>
          <button type="button" className={styles.control} onClick={() => void player.next()} aria-label={t('music.player.next')} data-testid="player-next">
            <NextIcon />
          </button>
          <button
            type="button"
            className={`${styles.control} ${styles.secondary} ${state.repeatOne ? styles.active : ''}`}
            onClick={() => player.toggleRepeatOne()}
            aria-pressed={state.repeatOne}
            aria-label={t('music.player.repeatOne')}
            title={t('music.player.repeatOne')}
            data-testid="player-repeat"
          >
            <RepeatOneIcon />
          </button>
        </div>
        <div className={styles.wave}>
          <Suspense fallback={<div className={styles.wavePlaceholder} />}>
            <PlayerWaveform media={audio} track={current} />
          </Suspense>
        </div>
        <span className={styles.time} data-testid="player-time">
          {clock(state.progress.currentTime)} / {current.durationText || clock(current.duration)}
        </span>
        <label className={styles.volume}>
          <span className={styles.srOnly}>{t('music.player.volume')}</span>
          <input
            type="range"
            min={0}
            max={100}
            value={state.volume}
            onChange={(event) => player.setVolume(Number(event.target.value))}
            data-testid="player-volume"
          />
        </label>
        <div className={styles.actions}>
          <button
            type="button"
            className={`${styles.icon} ${styles.secondary} ${actions.bookmarkId ? styles.active : ''}`}
            onClick={() => void actions.toggleFavourite()}
            aria-pressed={actions.bookmarkId !== null}
            aria-label={t('music.favourite')}
            title={t('music.favourite')}
          >
            <HeartIcon />
          </button>
          <Suspense fallback={null}>
            <SaveToBoard materialIds={[current.musicId]} className={`${styles.icon} ${styles.secondary}`} iconOnly />
          </Suspense>
          <button type="button" className={`${styles.icon} ${styles.secondary}`} onClick={() => void actions.downloadSample()} aria-label={t('music.sample')} title={t('music.sample')}>
            <DownloadIcon />
          </button>
          <button type="button" className={styles.buy} onClick={() => actions.openBuy() && setBuying(true)} data-testid="player-buy">
            {t('music.buy')}
          </button>
          <button type="button" className={styles.icon} onClick={() => setExpanded((value) => !value)} aria-expanded={expanded} aria-label={t('music.player.panel')} data-testid="player-expand">
            {expanded ? '▾' : '▴'}
          </button>
        </div>
      </div>
      {expanded && (
        <Suspense fallback={null}>
          <PlayerPanel state={state} />
        </Suspense>
      )}
      {buying && (
        <Suspense fallback={null}>
          <BuyLicenceDrawer musicId={current.musicId} onClose={() => setBuying(false)} />
        </Suspense>
      )}
    </div>
    </>
  );
}
