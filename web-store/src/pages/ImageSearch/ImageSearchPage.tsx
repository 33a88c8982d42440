import { ErrorCode, FILTER_VALUES, type ImageSearchResult, type ImageSearchSource } from '@mkt/contracts/web';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { catalogueCalls } from '../../api/catalogueCalls';
import { ApiError } from '../../api/client';
import { facetLabel } from '../../catalogue/facetLabels';
import {
  IMAGE_SEARCH_PAGE_SIZE,
  parseImageSearchState,
  rememberSentPicture,
  sentPicture,
  serializeImageSearchState,
  setQueryImage,
  sourceLink,
  takeQueryImage,
  timeCode,
  toImageSearchPageRequest,
  type ImageSearchKind,
  type ImageSearchState,
} from '../../catalogue/imageQuery';
import { MaterialGrid } from '../../catalogue/MaterialGrid';
import { Notice } from '../../catalogue/Notice';
import { Pager } from '../../catalogue/Pager';
import { PictureDrop } from '../../catalogue/PictureDrop';
import { addPageMessages } from '../../i18n/pageMessages';
import { en } from '../../i18n/resources/en';
import { imageSearchEn } from '../../i18n/resources/imageSearch.en';
import { imageSearchZhCN } from '../../i18n/resources/imageSearch.zh-CN';
import { zhCN } from '../../i18n/resources/zh-CN';
import { Button } from '../../ui/Button';
import styles from './ImageSearchPage.module.css';

addPageMessages('imageSearch', imageSearchZhCN, imageSearchEn);

type Search =
  | { state: 'idle' }
  | { state: 'searching'; key: string }
  | { state: 'done'; key: string; result: ImageSearchResult }
  | { state: 'failed'; key: string; message: string | null; gone: boolean };

const KINDS: ImageSearchKind[] = ['all', 'video', 'pic'];

/**
 * /ImageSearch: the answer to a picture (chosen in the header's camera panel or here). A new
 * picture is sent once; the server keeps it for its searcher for a day and the address then names
 * it (`?q=<id>`), with the kind, filters and page, so reloading, paging and narrowing ask by id.
 * Sources first (a clip with the time the frame appears at, opening there), then what looks alike.
 */
export default function ImageSearchPage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const messages = i18n.language === 'en' ? en : zhCN;
  // Opened to choose a picture (a phone's camera button): the picker, not the last search.
  const choosing = (location.state as { choose?: boolean } | null)?.choose === true;
  const state = useMemo(() => parseImageSearchState(location.search), [location.search]);
  const key = `${serializeImageSearchState(state)}|${i18n.language}`;
  const [search, setSearch] = useState<Search>({ state: 'idle' });
  const attempt = useRef(0);

  const go = useCallback(
    (next: ImageSearchState, replace = false) => navigate({ pathname: '/ImageSearch', search: `?${serializeImageSearchState(next)}` }, { replace }),
    [navigate],
  );

  const send = useCallback(
    async (picture: File) => {
      const mine = ++attempt.current;
      setSearch({ state: 'searching', key: 'new' });
      try {
        const result = await catalogueCalls.searchByImage(picture);
        if (mine !== attempt.current) return;
        rememberSentPicture(result.queryId, picture);
        const next: ImageSearchState = { queryId: result.queryId, type: 'all', filters: {}, page: 1 };
        setSearch({ state: 'done', key: `${serializeImageSearchState(next)}|${i18n.language}`, result });
        go(next, true);
      } catch (error) {
        if (mine === attempt.current) setSearch({ state: 'failed', key: 'new', message: serverMessage(error), gone: false });
      }
    },
    [go, i18n.language],
  );

  // A picture handed over from the header or a video's frame button: sent once, as a new visit.
  useEffect(() => {
    if (choosing) return;
    const picture = takeQueryImage();
    if (picture) void send(picture);
  }, [location.key, choosing, send]);

  // The address names a kept picture: its answer for this kind, these filters, this page.
  const load = useCallback(async () => {
    if (!state.queryId) return;
    const mine = ++attempt.current;
    setSearch({ state: 'searching', key });
    try {
      const result = await catalogueCalls.searchByImagePage(toImageSearchPageRequest({ ...state, queryId: state.queryId }));
      if (mine === attempt.current) setSearch({ state: 'done', key, result });
    } catch (error) {
      if (mine !== attempt.current) return;
      setSearch({ state: 'failed', key, message: serverMessage(error), gone: error instanceof ApiError && error.code === ErrorCode.VISUAL_QUERY_GONE });
    }
    // `key` stands for `state` and the language.
  }, [key]);
  useEffect(() => {
    if (choosing || !state.queryId) return;
    // The answer the first search brought is already here.
    if ((search.state === 'done' || search.state === 'searching') && search.key === key) return;
    if (search.state === 'searching' && search.key === 'new') return;
    void load();
  }, [key, choosing]);

  const choose = (next: File) => {
    setQueryImage(next);
    navigate('/ImageSearch', { state: { fresh: Date.now() } });
  };

  const preview = usePreview(state.queryId, search.state === 'done' ? search.result.pictureUrl : null);

  if (choosing || (!state.queryId && search.state !== 'searching' && search.state !== 'failed')) {
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

  if (search.state === 'failed' && search.gone) {
    return (
      <div className={styles.page}>
        <h1 className={styles.title}>{t('imageSearch.title')}</h1>
        <Notice title={search.message ?? t('imageSearch.gone')} testId="image-search-gone" />
        <div className={styles.chooser}>
          <PictureDrop onPicture={choose} testId="image-search-page-drop" />
        </div>
      </div>
    );
  }

  const result = search.state === 'done' ? search.result : null;
  const busy = search.state === 'searching';
  const toggleResolution = (value: string) => {
    const current = state.filters.resolution ?? [];
    const resolution = current.includes(value) ? current.filter((item) => item !== value) : [...current, value];
    go({ ...state, filters: { ...state.filters, resolution }, page: 1 });
  };

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.query}>
          {preview && <img className={styles.queryImage} src={preview} alt={t('imageSearch.yourPicture')} data-testid="image-search-query" />}
          <div>
            <h1 className={styles.title}>{t('imageSearch.title')}</h1>
            <p className={styles.lead}>{busy ? t('imageSearch.searching') : t('imageSearch.yourPicture')}</p>
          </div>
        </div>
        <details className={styles.another}>
          <summary className={styles.anotherSummary} data-testid="image-search-another">
            {t('imageSearch.another')}
          </summary>
          <PictureDrop onPicture={choose} listenForPaste testId="image-search-again" />
        </details>
      </header>

      {state.queryId && (
        <div className={styles.narrow} data-testid="image-search-filters">
          <div className={styles.kinds} role="group" aria-label={t('imageSearch.kindLabel')}>
            {KINDS.map((kind) => (
              <button
                key={kind}
                type="button"
                aria-pressed={state.type === kind}
                className={state.type === kind ? `${styles.kind} ${styles.kindOn}` : styles.kind}
                onClick={() => go({ ...state, type: kind, page: 1 })}
                data-testid={`image-search-kind-${kind}`}
              >
                {t(kind === 'all' ? 'imageSearch.kindAll' : kind === 'video' ? 'imageSearch.kindVideo' : 'imageSearch.kindPhoto')}
              </button>
            ))}
          </div>
          <div className={styles.kinds} role="group" aria-label={messages.filters.names.resolution}>
            {FILTER_VALUES.resolution.map((value) => {
              const on = state.filters.resolution?.includes(value) ?? false;
              return (
                <button
                  key={value}
                  type="button"
                  aria-pressed={on}
                  className={on ? `${styles.kind} ${styles.kindOn}` : styles.kind}
                  onClick={() => toggleResolution(value)}
                  data-testid={`image-search-resolution-${value}`}
                >
                  {facetLabel(messages, 'resolution', value)}
                </button>
              );
            })}
          </div>
        </div>
      )}

      {search.state === 'failed' && (
        <Notice title={search.message ?? t('imageSearch.failed')} testId="image-search-error">
          <Button variant="secondary" onClick={() => void load()}>
            {t('imageSearch.retry')}
          </Button>
        </Notice>
      )}

      {(busy || result) && (
        <>
          <section className={styles.section} aria-busy={busy}>
            <h2 className={styles.sectionTitle}>{t('imageSearch.sources')}</h2>
            <p className={styles.sectionLead}>{t('imageSearch.sourcesLead')}</p>
            {result && result.sources.length === 0 ? (
              <p className={styles.empty} data-testid="image-search-no-source">
                {t('imageSearch.sourcesEmpty')}
              </p>
            ) : (
              <ol className={styles.sources} data-testid="image-search-sources">
                {(result?.sources ?? []).map((source) => (
                  <SourceRow key={source.id} source={source} />
                ))}
              </ol>
            )}
          </section>
          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{t('imageSearch.similar')}</h2>
            {result && result.similarTotal > 0 && (
              <p className={styles.sectionLead} data-testid="image-search-similar-count" data-count={result.similarTotal}>
                {t('imageSearch.similarCount', { count: result.similarTotal })}
              </p>
            )}
            {result && result.similar.length === 0 ? (
              <p className={styles.empty} data-testid="image-search-no-similar">
                {t('imageSearch.similarEmpty')}
              </p>
            ) : (
              <MaterialGrid cards={result?.similar ?? []} loading={busy} skeletons={4} />
            )}
            {result && (
              <Pager
                page={state.page}
                pages={Math.ceil(result.similarTotal / IMAGE_SEARCH_PAGE_SIZE)}
                onPage={(page) => {
                  go({ ...state, page });
                  window.scrollTo({ top: 0, behavior: 'smooth' });
                }}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}

function serverMessage(error: unknown): string | null {
  return error instanceof ApiError && error.hasServerMessage ? error.message : null;
}

/** The searched picture: the one sent from this tab when there is one, else the kept copy's link. */
function usePreview(queryId: string | null, pictureUrl: string | null): string | null {
  const [local, setLocal] = useState<string | null>(null);
  useEffect(() => {
    const picture = queryId ? sentPicture(queryId) : null;
    if (!picture) {
      setLocal(null);
      return;
    }
    const url = URL.createObjectURL(picture);
    setLocal(url);
    return () => URL.revokeObjectURL(url);
  }, [queryId]);
  return local ?? pictureUrl;
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
