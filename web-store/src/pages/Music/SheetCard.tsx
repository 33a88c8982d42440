import type { MusicSheet } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PlayIcon } from '../../music/playerIcons';
import { playerStore } from '../../music/playerStore';
import styles from './MusicPages.module.css';

/** A sheet's cover, name and count; the round button plays the sheet from page 1. */
export function SheetCard({ sheet }: { sheet: MusicSheet }) {
  const { t } = useTranslation();
  return (
    <div className={styles.sheetCard} data-testid="sheet-card">
      <Link to={`/PlayListDetail?id=${sheet.sheetId}`} className={styles.sheetCover}>
        {sheet.coverStr && <img src={sheet.coverStr} alt="" loading="lazy" />}
      </Link>
      <button type="button" className={styles.sheetPlay} onClick={() => void playerStore().playSheet(sheet.sheetId)} aria-label={t('music.playSheet')}>
        <PlayIcon />
      </button>
      <Link to={`/PlayListDetail?id=${sheet.sheetId}`} className={styles.sheetName}>
        {sheet.name}
      </Link>
      <span className={styles.sheetCount}>{t('music.trackCount', { count: sheet.musicCount })}</span>
    </div>
  );
}
