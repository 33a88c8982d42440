import { useTranslation } from 'react-i18next';
import { ErrorCode, INT4_MAX } from '@mkt/contracts/web';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError, serverMessageOr } from '../../api/client';
import { musicCalls } from '../../api/musicCalls';
import { Notice } from '../../catalogue/Notice';
import { Pager } from '../../catalogue/Pager';
import { useRemote } from '../../catalogue/useRemote';
import { SHEET_PAGE_SIZE } from '../../music/playerCore';
import { playerStore } from '../../music/playerStore';
import { Button, buttonClass } from '../../ui/Button';
import { MusicList } from './MusicList';
import styles from './MusicPages.module.css';

/** /PlayListDetail?id=: one sheet, 20 tracks a page; "play all" starts it at page 1. */
export default function PlayListDetailPage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const sheetId = Number(params.get('id')) || 0;
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const named = Number.isInteger(sheetId) && sheetId > 0 && sheetId <= INT4_MAX;
  const sheet = useRemote(
    (signal) => (named ? musicCalls.sheet({ sheetId, pageNo, pageSize: SHEET_PAGE_SIZE }, { signal }) : Promise.resolve(null)),
    [sheetId, pageNo, i18n.language],
  );
  // Opened without a playlist (or one the server does not know): say so and lead back to the list.
  if (!named || (sheet.error instanceof ApiError && (sheet.error.code === ErrorCode.NOT_FOUND || sheet.error.code === ErrorCode.MUSIC_SHEET_NOT_FOUND))) {
    return (
      <div className={styles.page}>
        <Notice title={t('music.sheetMissing')} testId="playlist-missing">
          <Link to="/PlayList" className={buttonClass('secondary')}>
            {t('music.allSheets')}
          </Link>
        </Notice>
      </div>
    );
  }
  if (sheet.error) {
    return (
      <div className={styles.page}>
        <Notice title={serverMessageOr(sheet.error, t('catalogue.loadError'))} />
      </div>
    );
  }
  const data = sheet.data;
  return (
    <div className={styles.page} data-testid="playlist-detail">
      <header className={styles.sheetHead}>
        {data?.sheet.coverStr && <img src={data.sheet.coverStr} alt="" />}
        <div>
          <h1>{data?.sheet.name ?? ''}</h1>
          <p>{data?.sheet.description}</p>
          <p className={styles.count}>{t('music.trackCount', { count: data?.total ?? 0 })}</p>
          <Button onClick={() => void playerStore().playSheet(sheetId)} data-testid="sheet-play-all">
            {t('music.playSheet')}
          </Button>
        </div>
      </header>
      <MusicList infos={data?.infos ?? null} loading={sheet.loading} source={{ kind: 'sheet', request: { sheetId }, pageNo, pageSize: SHEET_PAGE_SIZE }} />
      <Pager page={pageNo} pages={Math.ceil((data?.total ?? 0) / SHEET_PAGE_SIZE)} onPage={(page) => setParams({ id: String(sheetId), page: String(page) })} />
    </div>
  );
}
