import { MUSIC_BPM_RANGES, MUSIC_DURATION_RANGES, MUSIC_GENRES, MUSIC_MOODS } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { musicCalls } from '../../api/musicCalls';
import { Pager } from '../../catalogue/Pager';
import { useRemote } from '../../catalogue/useRemote';
import { MusicList } from './MusicList';
import styles from './MusicPages.module.css';
import { SheetCard } from './SheetCard';

const PAGE_SIZE = 10;
const FILTERS = [
  { name: 'mood', values: MUSIC_MOODS },
  { name: 'genre', values: MUSIC_GENRES },
  { name: 'bpm', values: MUSIC_BPM_RANGES },
  { name: 'duration', values: MUSIC_DURATION_RANGES },
] as const;

/** /Music: sheets, then music or sound effects searched by keyword, mood, genre, BPM, duration and tag. */
export default function MusicHomePage() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const musicType = params.get('type') === '2' ? 2 : 1;
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const request = {
    keyword: params.get('keyword') ?? '',
    musicType,
    mood: params.get('mood') ?? undefined,
    genre: params.get('genre') ?? undefined,
    bpm: (params.get('bpm') ?? undefined) as (typeof MUSIC_BPM_RANGES)[number] | undefined,
    duration: (params.get('duration') ?? undefined) as (typeof MUSIC_DURATION_RANGES)[number] | undefined,
    tag: params.get('tag') ?? undefined,
  } as const;
  const sheets = useRemote((signal) => musicCalls.sheets({ pageNo: 1, pageSize: 4 }, { signal }), [i18n.language]);
  const results = useRemote((signal) => musicCalls.search({ ...request, pageNo, pageSize: PAGE_SIZE }, { signal }), [params.toString(), i18n.language]);
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === '') next.delete(key);
      else next.set(key, value);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };
  const total = results.data?.total ?? 0;

  return (
    <div className={styles.page} data-testid="music-home">
      <header className={styles.hero}>
        <h1>{t('music.homeTitle')}</h1>
        <p>{t('music.homeSubtitle')}</p>
        <form
          className={styles.searchForm}
          onSubmit={(event) => {
            event.preventDefault();
            update({ keyword: String(new FormData(event.currentTarget).get('keyword') ?? '').trim() });
          }}
        >
          <input name="keyword" defaultValue={request.keyword} placeholder={t('music.searchPlaceholder')} aria-label={t('music.searchPlaceholder')} maxLength={100} />
          <button type="submit">{t('search.submit')}</button>
        </form>
      </header>

      <section className={styles.section}>
        <div className={styles.sectionHead}>
          <h2>{t('music.sheets')}</h2>
          <Link to="/PlayList">{t('music.allSheets')}</Link>
        </div>
        <div className={styles.sheetGrid}>
          {(sheets.data?.infos ?? []).map((sheet) => (
            <SheetCard key={sheet.sheetId} sheet={sheet} />
          ))}
        </div>
      </section>

      <section className={styles.section}>
        <div className={styles.tabs} role="tablist">
          {([1, 2] as const).map((type) => (
            <button key={type} type="button" role="tab" aria-selected={musicType === type} className={musicType === type ? styles.tabActive : styles.tab} onClick={() => update({ type: type === 1 ? null : '2' })} data-testid={`music-tab-${type}`}>
              {type === 1 ? t('music.typeMusic') : t('music.typeSfx')}
            </button>
          ))}
        </div>
        <div className={styles.filters}>
          {FILTERS.map((filter) => (
            <div key={filter.name} className={styles.filterRow} data-testid={`music-filter-${filter.name}`}>
              <span className={styles.filterLabel}>{t(`music.filters.${filter.name}`)}</span>
              <button type="button" className={!params.get(filter.name) ? styles.chipActive : styles.chip} onClick={() => update({ [filter.name]: null })}>
                {t('music.filters.all')}
              </button>
              {filter.values.map((value) => (
                <button key={value} type="button" className={params.get(filter.name) === value ? styles.chipActive : styles.chip} onClick={() => update({ [filter.name]: value })}>
                  {t(`music.values.${filter.name}.${value}` as 'music.filters.all', { defaultValue: value })}
                </button>
              ))}
            </div>
          ))}
          {request.tag && (
            <div className={styles.filterRow}>
              <span className={styles.filterLabel}>{t('music.filters.tag')}</span>
              <button type="button" className={styles.chipActive} onClick={() => update({ tag: null })}>
                {request.tag} ×
              </button>
            </div>
          )}
        </div>
        <p className={styles.count} data-testid="music-count">
          {t('music.count', { count: total })}
        </p>
        <MusicList infos={results.data?.infos ?? null} loading={results.loading} source={{ kind: 'search', request: { ...request }, pageNo, pageSize: PAGE_SIZE }} />
        <Pager page={pageNo} pages={Math.ceil(total / PAGE_SIZE)} onPage={(page) => update({ page: String(page) })} />
      </section>
    </div>
  );
}
