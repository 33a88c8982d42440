import type { MusicInfo } from '@mkt/contracts/web';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { musicCalls } from '../api/musicCalls';
import { DownloadIcon, HeartIcon } from '../ui/icons';
import { visibleTags } from './licenceCascade';
import { PauseIcon, PlayIcon } from './playerIcons';
import styles from './MusicBlock.module.css';
import type { SourceList } from './playerCore';
import { toPlayerTrack } from './playerStore';
import { useMusicActions } from './useMusicActions';
import { usePlayer } from './usePlayer';
import { WaveBars } from './WaveBars';
import { trackCover } from './trackCover';

const BuyLicenceDrawer = lazy(() => import('./BuyLicenceDrawer'));

export interface MusicBlockProps {
  music: MusicInfo;
  /** The list this block belongs to, so next/previous in the player walk it. */
  source?: SourceList | null;
  showVersions?: boolean;
}

/**
 * A music block (spec section 2 "Cards and music blocks"): play, waveform, versions, favourite,
 * sample download and the buy-licence drawer; tags show the first 6, then '+N'.
 */
export function MusicBlock({ music, source = null, showVersions = true }: MusicBlockProps) {
  const { t } = useTranslation();
  const { state, player } = usePlayer();
  const actions = useMusicActions(music.musicId, music.bookmarkId, music.musicName);
  const [buying, setBuying] = useState(false);
  const [versions, setVersions] = useState<MusicInfo[] | null>(null);
  const isCurrent = state.current?.musicId === music.musicId;
  const playing = isCurrent && state.status === 1;
  const { tags, more } = visibleTags(music.tagList);
  const detail = `/DetailMusic?id=${music.musicId}&mdp=6`;

  const start = () => {
    if (isCurrent) player.toggle();
    else player.play(toPlayerTrack(music), source ? { ...source, index: Math.max(0, source.items.findIndex((i) => i.musicId === music.musicId)) } : null);
  };

  const toggleVersions = async () => {
    if (versions) {
      setVersions(null);
      return;
    }
    setVersions((await musicCalls.versions(music.musicId).catch(() => ({ infos: [] }))).infos);
  };

  return (
    <article className={styles.block} data-testid="music-block" data-music-id={music.musicId}>
      <button type="button" className={styles.play} onClick={start} aria-label={playing ? t('music.player.pause') : t('music.player.play')} data-testid="music-play">
        <img src={trackCover(music)} alt="" loading="lazy" />
        <span className={styles.playIcon}>{playing ? <PauseIcon /> : <PlayIcon />}</span>
      </button>
      <div className={styles.meta}>
        <Link to={detail} className={styles.name}>
          {music.musicName}
        </Link>
        <span className={styles.composer}>{music.composerText}</span>
        <div className={styles.tags}>
          {tags.map((tag) => (
            <span key={tag.tagName} className={styles.tag}>
              {tag.tagName}
            </span>
          ))}
          {more > 0 && <span className={styles.tag} data-testid="music-tags-more">+{more}</span>}
        </div>
      </div>
      <div className={styles.wave}>
        <WaveBars waveUrl={music.waveUrl} progress={isCurrent ? state.progress.percent : null} onSeek={isCurrent ? undefined : start} />
      </div>
      <span className={styles.duration}>{music.durationText}</span>
      <span className={styles.bpm}>{music.bpm > 0 ? `${music.bpm} BPM` : ''}</span>
      <div className={styles.actions}>
        {showVersions && music.subVersionCount > 0 && (
          <button type="button" className={styles.versions} onClick={() => void toggleVersions()} aria-expanded={versions !== null} data-testid="music-versions">
            {t('music.versions', { count: music.subVersionCount })}
          </button>
        )}
        <button type="button" className={`${styles.icon} ${actions.bookmarkId ? styles.active : ''}`} onClick={() => void actions.toggleFavourite()} aria-pressed={actions.bookmarkId !== null} aria-label={t('music.favourite')} title={t('music.favourite')} data-testid="music-favourite">
          <HeartIcon />
        </button>
        <button type="button" className={styles.icon} onClick={() => void actions.downloadSample()} aria-label={t('music.sample')} title={t('music.sample')} data-testid="music-sample">
          <DownloadIcon />
        </button>
        <button type="button" className={styles.buy} onClick={() => actions.openBuy() && setBuying(true)} data-testid="music-buy">
          {t('music.buy')}
        </button>
      </div>
      {versions && (
        <div className={styles.versionList}>
          {versions.map((version) => (
            <MusicBlock key={version.musicId} music={version} showVersions={false} />
          ))}
        </div>
      )}
      {buying && (
        <Suspense fallback={null}>
          <BuyLicenceDrawer musicId={music.musicId} onClose={() => setBuying(false)} />
        </Suspense>
      )}
    </article>
  );
}
