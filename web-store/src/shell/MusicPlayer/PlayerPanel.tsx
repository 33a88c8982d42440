import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { musicCalls } from '../../api/musicCalls';
import { useRemote } from '../../catalogue/useRemote';
import type { PlayerState } from '../../music/playerCore';
import { toPlayerTrack } from '../../music/playerStore';
import { usePlayer } from '../../music/usePlayer';
import styles from './MusicPlayerBar.module.css';

const SIMILAR_IN_PLAYER = 6;

/** The expandable panel: play history (clear button), song info and six similar songs. */
export default function PlayerPanel({ state }: { state: PlayerState }) {
  const { t, i18n } = useTranslation();
  const { player } = usePlayer();
  const musicId = state.current?.musicId ?? 0;
  const info = useRemote((signal) => musicCalls.detail(musicId, { signal }), [musicId, i18n.language]);
  const similar = useRemote((signal) => musicCalls.similar({ musicId, pageNo: 1, pageSize: SIMILAR_IN_PLAYER }, { signal }), [musicId, i18n.language]);
  const music = info.data;
  const rows: [string, string][] = music
    ? [
        [t('music.info.maker'), music.makerText],
        [t('music.info.mastery'), music.masteryText],
        [t('music.info.arranger'), music.arrangerText],
        [t('music.info.composer'), music.composerText],
        [t('music.info.artist'), music.artistText],
        [t('music.info.author'), music.authorText],
        [t('music.info.duration'), music.durationText],
        [t('music.info.bpm'), String(music.bpm)],
        [t('music.info.tags'), music.tagList.map((tag) => tag.tagName).join(' / ')],
        [t('music.info.source'), music.sourceNote],
      ]
    : [];
  return (
    <div className={styles.panel} data-testid="player-panel">
      <section className={styles.panelColumn}>
        <header className={styles.panelHead}>
          <h3>{t('music.player.history')}</h3>
          <button type="button" className={styles.link} onClick={() => player.clearHistory()} data-testid="player-clear-history">
            {t('music.player.clearHistory')}
          </button>
        </header>
        <ol className={styles.list} data-testid="player-history">
          {state.history.length === 0 && <li className={styles.muted}>{t('music.player.noHistory')}</li>}
          {state.history.map((track) => (
            <li key={track.musicId} className={track.musicId === musicId ? styles.current : ''}>
              <button type="button" className={styles.link} onClick={() => player.play(track)}>
                {track.musicName}
              </button>
              <span className={styles.muted}>{track.durationText}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className={styles.panelColumn}>
        <h3>{t('music.player.songInfo')}</h3>
        <dl className={styles.info}>
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value || '—'}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className={styles.panelColumn}>
        <h3>{t('music.similar')}</h3>
        {similar.error ? <p className={styles.muted}>{similar.error instanceof Error ? similar.error.message : ''}</p> : null}
        <ol className={styles.list}>
          {(similar.data?.infos ?? []).map((item) => (
            <li key={item.musicId}>
              <button type="button" className={styles.link} onClick={() => player.play(toPlayerTrack(item))}>
                {item.musicName}
              </button>
              <Link to={`/DetailMusic?id=${item.musicId}&mdp=17`} className={styles.muted}>
                {item.composerText}
              </Link>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
