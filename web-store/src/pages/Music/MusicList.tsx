import type { MusicInfo } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import { Notice } from '../../catalogue/Notice';
import { MusicBlock } from '../../music/MusicBlock';
import type { SourceList } from '../../music/playerCore';
import { toPlayerTrack } from '../../music/playerStore';
import styles from './MusicPages.module.css';

/** A list of music blocks that plays as one source list (next walks it, then its next pages). */
export function MusicList({
  infos,
  loading,
  source,
}: {
  infos: MusicInfo[] | null;
  loading: boolean;
  source: Omit<SourceList, 'items' | 'index'> | null;
}) {
  const { t } = useTranslation();
  if (loading && !infos) {
    return (
      <div className={styles.list} aria-busy="true">
        {Array.from({ length: 5 }, (_, i) => (
          <span key={i} className={styles.placeholder} />
        ))}
      </div>
    );
  }
  if (!infos || infos.length === 0) return <Notice title={t('music.empty')} />;
  const list: SourceList | null = source ? { ...source, items: infos.map(toPlayerTrack), index: 0 } : null;
  return (
    <div className={styles.list}>
      {infos.map((music) => (
        <MusicBlock key={music.musicId} music={music} source={list} />
      ))}
    </div>
  );
}
