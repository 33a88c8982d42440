import { useTranslation } from 'react-i18next';
import { musicCalls } from '../../api/musicCalls';
import { Notice } from '../../catalogue/Notice';
import { useRemote } from '../../catalogue/useRemote';
import styles from './MusicPages.module.css';
import { SheetCard } from './SheetCard';

/** /PlayList: every published sheet. */
export default function PlayListPage() {
  const { t, i18n } = useTranslation();
  const sheets = useRemote((signal) => musicCalls.sheets({ pageNo: 1, pageSize: 60 }, { signal }), [i18n.language]);
  return (
    <div className={styles.page} data-testid="playlist-page">
      <header className={styles.head}>
        <h1>{t('music.sheets')}</h1>
        <p>{t('music.sheetsSubtitle')}</p>
      </header>
      {sheets.data && sheets.data.infos.length === 0 ? <Notice title={t('music.empty')} /> : null}
      <div className={styles.sheetGrid}>
        {(sheets.data?.infos ?? []).map((sheet) => (
          <SheetCard key={sheet.sheetId} sheet={sheet} />
        ))}
      </div>
    </div>
  );
}
