import {
  FILTER_NAMES,
  type FacetBucket,
  type FilterName,
  type MaterialSearchResponse,
  type MaterialSource,
  SEARCH_SORTS,
} from '@mkt/contracts/web';
import { type MouseEvent, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { catalogueCalls } from '../../api/catalogueCalls';
import { serverMessageOr } from '../../api/client';
import { Chips } from '../../catalogue/Chips';
import { ColourPalette } from '../../catalogue/ColourPalette';
import { facetLabel, filterName } from '../../catalogue/facetLabels';
import { hotwordLink, loadLookups } from '../../catalogue/lookups';
import { MaterialGrid } from '../../catalogue/MaterialGrid';
import { Notice } from '../../catalogue/Notice';
import { Pager } from '../../catalogue/Pager';
import {
  type SearchKind,
  type SearchState,
  activeFilterCount,
  clearFilters,
  pageCount,
  parseSearchState,
  serializeSearchState,
  toSearchRequest,
  toggleFilter,
  withPage,
  withSort,
} from '../../catalogue/searchState';
import { useRemote } from '../../catalogue/useRemote';
import { en } from '../../i18n/resources/en';
import { zhCN } from '../../i18n/resources/zh-CN';
import { Button, buttonClass } from '../../ui/Button';
import { SaveToBoard } from '../Boards/SaveToBoard';
import { CloseIcon, FilterIcon } from '../../ui/icons';
import { noteOpened, rememberSearch } from '../../catalogue/searchDemand';
import styles from './SearchPage.module.css';

export type SearchVariant = 'video' | 'photo' | 'all' | 'external';

interface Variant {
  defaultType: SearchKind;
  from?: MaterialSource;
  /** Whether switching video/photo changes the path (the two search pages) or only `type`. */
  pathFor?: Record<SearchKind, string>;
}

const variants: Record<SearchVariant, Variant> = {
  video: { defaultType: 'video', pathFor: { video: '/SearchResult', pic: '/ImgSearchResult' } },
  photo: { defaultType: 'pic', pathFor: { video: '/SearchResult', pic: '/ImgSearchResult' } },
  all: { defaultType: 'video' },
  external: { defaultType: 'pic', from: 'external' },
};

/** A link of a result card followed (click, tap or Enter): that material was opened from this search. */
function openedFromResults(event: MouseEvent<HTMLElement>) {
  const target = event.target as Element;
  const card = target.closest('a[href]') ? target.closest<HTMLElement>('[data-testid="material-card"]') : null;
  const id = Number(card?.dataset.id);
  if (Number.isInteger(id) && id > 0) noteOpened(id);
}

/** The filter groups under the palette: releases first (whether footage may advertise is asked before its look), then the spec's order. */
const FILTER_GROUPS: readonly FilterName[] = ['release', ...FILTER_NAMES.filter((name) => name !== 'colour' && name !== 'release')];

/**
 * Search results (/SearchResult, /ImgSearchResult), the browse-all list (/MaterialList) and the
 * external-source shop (/P5Shop). Everything the user chooses lives in the URL.
 */
export function SearchPage({ variant }: { variant: SearchVariant }) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const config = variants[variant];
  const state = useMemo(() => parseSearchState(location.search, config.defaultType), [location.search, config.defaultType]);
  const requestKey = serializeSearchState(state);
  const [filtersOpen, setFiltersOpen] = useState(false);
  // "Select several": cards picked on this page, to save to a board at once.
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const messages = i18n.language === 'en' ? en : zhCN;

  const result = useRemote(
    (signal) => catalogueCalls.search(toSearchRequest(state, config.from), { signal }),
    [requestKey, config.from, i18n.language],
  );
  const [lastResult, setLastResult] = useState<MaterialSearchResponse | null>(null);
  useEffect(() => {
    if (!result.data) return;
    setLastResult(result.data);
    rememberSearch(result.data.demandToken);
  }, [result.data]);
  const shown = result.data ?? (result.loading ? lastResult : null);

  const go = (next: SearchState, path = location.pathname) => {
    navigate({ pathname: path, search: `?${serializeSearchState(next)}` });
  };
  const goPage = (page: number) => {
    go(withPage(state, page));
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  const switchType = (type: SearchKind) => {
    if (type === state.type) return;
    // Categories and facets differ between videos and photos: keep only the keyword.
    go({ ...clearFilters(state), type, categoryId: null }, config.pathFor?.[type] ?? location.pathname);
  };

  const title =
    variant === 'external'
      ? t('catalogue.titleExternal')
      : variant === 'all'
        ? t('catalogue.titleAll')
        : state.type === 'pic'
          ? t('catalogue.titlePhoto')
          : t('catalogue.titleVideo');
  const total = shown?.total ?? 0;
  const selected = activeFilterCount(state);

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div className={styles.headText}>
          {state.keyword && <p className={styles.eyebrow}>{title}</p>}
          <h1 className={styles.title}>{state.keyword ? t('catalogue.resultFor', { keyword: state.keyword }) : title}</h1>
          {variant === 'external' && <p className={styles.intro}>{t('catalogue.externalIntro')}</p>}
          {/* Nothing matched the words as typed: say which words the results are for, and offer the typed ones. */}
          {state.keyword && shown?.correctedKeyword && (
            <p className={styles.intro} data-testid="search-corrected">
              {t('catalogue.correctedTo', { keyword: state.keyword, corrected: shown.correctedKeyword })}{' '}
              <Link to={{ pathname: location.pathname, search: `?${serializeSearchState({ ...state, page: 1, asTyped: true })}` }} className={styles.asTyped} data-testid="search-as-typed">
                {t('catalogue.searchAsTyped', { keyword: state.keyword })}
              </Link>
            </p>
          )}
        </div>
        <div className={styles.typeTabs} role="tablist" aria-label={t('search.typeLabel')}>
          {(['video', 'pic'] as const).map((type) => (
            <button
              key={type}
              type="button"
              role="tab"
              aria-selected={state.type === type}
              className={state.type === type ? `${styles.typeTab} ${styles.typeTabOn}` : styles.typeTab}
              onClick={() => switchType(type)}
              data-testid={`page-type-${type}`}
            >
              {type === 'pic' ? t('search.typePhoto') : t('search.typeVideo')}
            </button>
          ))}
        </div>
      </header>

      <div className={styles.layout}>
        {filtersOpen && <div className={styles.backdrop} onClick={() => setFiltersOpen(false)} aria-hidden="true" />}
        <aside className={filtersOpen ? `${styles.filters} ${styles.filtersOpen}` : styles.filters} aria-label={t('catalogue.filtersTitle')}>
          <div className={styles.filtersHead}>
            <h2 className={styles.filtersTitle}>{t('catalogue.filtersTitle')}</h2>
            {selected > 0 && (
              <button type="button" className={styles.clear} onClick={() => go(clearFilters(state))} data-testid="filters-clear">
                {t('catalogue.clearFilters')}
              </button>
            )}
            <button type="button" className={styles.closeFilters} onClick={() => setFiltersOpen(false)} aria-label={t('catalogue.closeFilters')}>
              <CloseIcon size={18} />
            </button>
          </div>
          {state.categoryId !== null && (
            <CategoryChip
              categoryId={state.categoryId}
              type={state.type}
              language={i18n.language}
              onClear={() => go({ ...state, categoryId: null, page: 1 })}
            />
          )}
          <ColourPalette
            label={filterName(messages, 'colour')}
            className={styles.group}
            titleClassName={styles.groupTitle}
            buckets={shown?.facets?.colour}
            chosen={state.filters.colour ?? []}
            labelOf={(value) => facetLabel(messages, 'colour', value)}
            onToggle={(value) => go(toggleFilter(state, 'colour', value))}
          />
          {FILTER_GROUPS.map((name) => (
            <FilterGroup
              key={name}
              name={name}
              label={filterName(messages, name)}
              buckets={shown?.facets?.[name]}
              chosen={state.filters[name] ?? []}
              labelOf={(value) => facetLabel(messages, name, value)}
              onToggle={(value) => go(toggleFilter(state, name, value))}
            />
          ))}
          <div className={styles.filtersFoot}>
            <Button block onClick={() => setFiltersOpen(false)}>
              {t('catalogue.closeFilters')}
            </Button>
          </div>
        </aside>

        <section className={styles.results} aria-busy={result.loading} onClickCapture={openedFromResults}>
          <div className={styles.toolbar}>
            <p className={styles.count} data-testid="result-count" data-count={total} aria-live="polite">
              {shown
                ? t(shown.totalCapped ? 'catalogue.resultCountAtLeast' : 'catalogue.resultCount', { count: total })
                : result.loading
                  ? t('catalogue.loading')
                  : ''}
            </p>
            <button type="button" className={styles.filtersToggle} onClick={() => setFiltersOpen(true)} data-testid="filters-toggle">
              <FilterIcon size={16} />
              {t('catalogue.showFilters')}
              {selected > 0 && <span className={styles.filtersCount}>{selected}</span>}
            </button>
            <button
              type="button"
              className={picking ? `${styles.sort} ${styles.sortOn}` : styles.sort}
              aria-pressed={picking}
              onClick={() => {
                setPicking(!picking);
                setPicked(new Set());
              }}
              data-testid="search-select-toggle"
            >
              {t('catalogue.selectSeveral')}
            </button>
            <div className={styles.sorts} role="group" aria-label={t('catalogue.sortLabel')}>
              {SEARCH_SORTS.map((sort) => (
                <button
                  key={sort}
                  type="button"
                  className={state.sort === sort ? `${styles.sort} ${styles.sortOn}` : styles.sort}
                  aria-pressed={state.sort === sort}
                  onClick={() => go(withSort(state, sort))}
                  data-testid={`sort-${sort}`}
                >
                  {t(`catalogue.sort.${sort}`)}
                </button>
              ))}
            </div>
          </div>

          {result.error && !result.loading ? (
            <Notice title={serverMessageOr(result.error, t('catalogue.loadError'))} testId="search-error">
              <Button variant="secondary" onClick={result.reload}>
                {t('catalogue.retry')}
              </Button>
            </Notice>
          ) : shown && shown.infos.length === 0 && !result.loading ? (
            <EmptyResults type={state.type} language={i18n.language} />
          ) : (
            <>
              <MaterialGrid
                cards={shown?.infos ?? []}
                loading={result.loading}
                skeletons={12}
                selection={
                  picking
                    ? {
                        selected: picked,
                        toggle: (id) =>
                          setPicked((current) => {
                            const next = new Set(current);
                            if (!next.delete(id)) next.add(id);
                            return next;
                          }),
                      }
                    : undefined
                }
              />
              {picking && picked.size > 0 ? (
                <div className={styles.pickBar} data-testid="search-selection">
                  <span>{t('catalogue.selectedCount', { count: picked.size })}</span>
                  <SaveToBoard materialIds={[...picked]} className={buttonClass('primary')} />
                  <Button variant="ghost" onClick={() => setPicked(new Set())}>
                    {t('catalogue.clearSelection')}
                  </Button>
                </div>
              ) : null}
              <Pager page={state.page} pages={pageCount(total, shown?.pageSize || undefined)} onPage={goPage} />
            </>
          )}
        </section>
      </div>
    </div>
  );
}

interface FilterGroupProps {
  name: FilterName;
  label: string;
  buckets: FacetBucket[] | undefined;
  chosen: string[];
  labelOf(value: string): string;
  onToggle(value: string): void;
}

function FilterGroup({ name, label, buckets, chosen, labelOf, onToggle }: FilterGroupProps) {
  const rows = useMemo(() => {
    const list = [...(buckets ?? [])];
    // A chosen value the facets no longer list must stay visible so it can be unticked.
    for (const value of chosen) if (!list.some((bucket) => bucket.value === value)) list.push({ value, count: 0 });
    return list;
  }, [buckets, chosen]);
  if (rows.length === 0) return null;
  return (
    <fieldset className={styles.group}>
      <legend className={styles.groupTitle}>{label}</legend>
      <div className={styles.options}>
        {rows.map((bucket) => {
          const on = chosen.includes(bucket.value);
          return (
            <button
              key={bucket.value}
              type="button"
              role="checkbox"
              aria-checked={on}
              className={on ? `${styles.option} ${styles.optionOn}` : styles.option}
              onClick={() => onToggle(bucket.value)}
              disabled={!on && bucket.count === 0}
              data-testid={`filter-${name}-${bucket.value}`}
            >
              <span className={styles.check} aria-hidden="true" />
              <span className={styles.optionLabel}>{labelOf(bucket.value)}</span>
              <span className={styles.optionCount}>{bucket.count}</span>
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}

function CategoryChip({ categoryId, type, language, onClear }: { categoryId: number; type: SearchKind; language: string; onClear(): void }) {
  const { t } = useTranslation();
  const lookups = useRemote(() => loadLookups(language), [language]);
  const list = type === 'pic' ? lookups.data?.photoCategories : lookups.data?.videoCategories;
  const name = list?.find((category) => category.id === categoryId)?.categoryName ?? `#${categoryId}`;
  return (
    <div className={styles.group}>
      <p className={styles.groupTitle}>{t('catalogue.categoryLabel')}</p>
      <button type="button" className={`${styles.option} ${styles.optionOn}`} onClick={onClear} data-testid="category-clear">
        <span className={styles.optionLabel}>{name}</span>
        <CloseIcon size={14} />
      </button>
    </div>
  );
}

function EmptyResults({ type, language }: { type: SearchKind; language: string }) {
  const { t } = useTranslation();
  const lookups = useRemote(() => loadLookups(language), [language]);
  const words = lookups.data?.hotwords.slice(0, 12) ?? [];
  return (
    <Notice title={t('catalogue.emptyTitle')} body={t('catalogue.emptyBody')} testId="search-empty">
      {words.length > 0 && <Chips items={words.map((word) => ({ label: word, to: hotwordLink(word, type) }))} testId="hotword" />}
      <Link to="/" className={styles.homeLink}>
        {t('pages.backHome')}
      </Link>
    </Notice>
  );
}
