import type { ImageSearchResult, ImageSearchSource } from '@mkt/contracts/web';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { catalogueCalls } from '../../api/catalogueCalls';
import { ApiError } from '../../api/client';
import { currentQueryImage, setQueryImage, sourceLink, timeCode } from '../../catalogue/imageQuery';
import { MaterialGrid } from '../../catalogue/MaterialGrid';
import { Notice } from '../../catalogue/Notice';
import { PictureDrop } from '../../catalogue/PictureDrop';
import { addPageMessages } from '../../i18n/pageMessages';
import { imageSearchEn } from '../../i18n/resources/imageSearch.en';
import { imageSearchZhCN } from '../../i18n/resources/imageSearch.zh-CN';
import { Button } from '../../ui/Button';
import styles from './ImageSearchPage.module.css';

addPageMessages('imageSearch', imageSearchZhCN, imageSearchEn);

type Search = { state: 'idle' } | { state: 'searching' } | { state: 'done'; result: ImageSearchResult } | { state: 'failed'; message: string | null };

/**
 * /ImageSearch: the answer to a picture (chosen in the header's camera panel or here). Sources
 * first (a clip with the time the frame appears at, opening there), then what looks alike. The
 * picture stays in this page's memory; it is sent once per search and never stored.
 */
export default function ImageSearchPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  // Opened to choose a picture (a phone's camera button): the picker, not the last search.
  const choosing = (location.state as { choose?: boolean } | null)?.choose === true;
  const [picture, setPicture] = useState<File | null>(() => (choosing ? null : currentQueryImage()));
  const [preview, setPreview] = useState<string | null>(null);
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const attempt = useRef(0);

  // A picture chosen in the header's camera panel while this page is open comes as a new visit.
  useEffect(() => {
    if (choosing) {
      setPicture(null);
      return;
    }
    const latest = currentQueryImage();
    if (latest) setPicture(latest);
  }, [location.key, choosing]);

  const run = useCallback(async (chosen: File) => {
    const mine = ++attempt.current;
    setSearch({ state: 'searching' });
    try {
      const result = await catalogueCalls.searchByImage(chosen);
      if (mine === attempt.current) setSearch({ state: 'done', result });
    } catch (error) {
      if (mine !== attempt.current) return;
      setSearch({ state: 'failed', message: error instanceof ApiError && error.hasServerMessage ? error.message : null });
    }
  }, []);

  // A new picture, or the page's language (cards' titles are localized by the server): search again.
  useEffect(() => {
    if (!picture) return;
    const url = URL.createObjectURL(picture);
    setPreview(url);
    void run(picture);
    return () => URL.revokeObjectURL(url);
  }, [picture, run, i18n.language]);

  // A picture pasted or chosen while results are shown starts a new search.
  const choose = (next: File) => {
    setQueryImage(next);
    setPicture(next);
  };

  if (!picture) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('imageSearch.title')}</h1>
        <p className={styles.lead}>{t('imageSearch.chooseLead')}</p>
        <div className={styles.chooser}>
          <PictureDrop onPicture={choose} testId="image-search-page-drop" />
        </div>
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.query}>
          {preview && <img className={styles.queryImage} src={preview} alt={t('imageSearch.yourPicture')} data-testid="image-search-query" />}
          <div>
            <h1 className={styles.title}>{t('imageSearch.title')}</h1>
            <p className={styles.lead}>{search.state === 'searching' ? t('imageSearch.searching') : t('imageSearch.yourPicture')}</p>
          </div>
        </div>
        <details className={styles.another}>
          <summary className={styles.anotherSummary} data-testid="image-search-another">
            {t('imageSearch.another')}
          </summary>
          <PictureDrop onPicture={choose} listenForPaste testId="image-search-again" />
        </details>
      </header>

      {search.state === 'failed' && (
        <Notice title={search.message ?? t('imageSearch.failed')} testId="image-search-error">
          <Button variant="secondary" onClick={() => void run(picture)}>
            {t('imageSearch.retry')}
          </Button>
        </Notice>
      )}

      {(search.state === 'searching' || search.state === 'done') && (
        <>
          <section className={styles.section} aria-busy={search.state === 'searching'}>
            <h2 className={styles.sectionTitle}>{t('imageSearch.sources')}</h2>
            <p className={styles.sectionLead}>{t('imageSearch.sourcesLead')}</p>
            {search.state === 'done' && search.result.sources.length === 0 ? (
              <p className={styles.empty} data-testid="image-search-no-source">
                {t('imageSearch.sourcesEmpty')}
              </p>
            ) : (
              <ol className={styles.sources} data-testid="image-search-sources">
                {(search.state === 'done' ? search.result.sources : []).map((source) => (
                  <SourceRow key={source.id} source={source} />
                ))}
              </ol>
            )}
          </section>
          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{t('imageSearch.similar')}</h2>
            {search.state === 'done' && search.result.similar.length === 0 ? (
              <p className={styles.empty} data-testid="image-search-no-similar">
                {t('imageSearch.similarEmpty')}
              </p>
            ) : (
              <MaterialGrid cards={search.state === 'done' ? search.result.similar : []} loading={search.state === 'searching'} skeletons={4} />
            )}
          </section>
        </>
      )}
    </div>
  );
}

function SourceRow({ source }: { source: ImageSearchSource }) {
  const { t } = useTranslation();
  return (
    <li className={styles.source}>
      <Link className={styles.sourceLink} to={sourceLink(source, source.timeMs)} aria-label={t('imageSearch.openSource', { title: source.title })} data-testid="image-search-source">
        <img className={styles.sourceThumb} src={source.thumbnail} alt="" loading="lazy" />
        <span className={styles.sourceText}>
          <span className={styles.sourceTitle}>{source.title}</span>
          <span className={styles.sourceMeta}>
            {source.code}
            {source.timeMs !== null && (
              <span className={styles.timeCode} data-testid="image-search-time">
                {t('imageSearch.at', { time: timeCode(source.timeMs) })}
              </span>
            )}
          </span>
        </span>
      </Link>
    </li>
  );
}
