import { type FormEvent, Suspense, lazy, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ChevronDownIcon, SearchIcon } from '../../ui/icons';
import { useDismiss } from '../../ui/useDismiss';
import { ImageSearchButton } from './ImageSearchButton';
import styles from './SearchForm.module.css';
import { type SearchType, searchTarget, searchTypeForPath } from './searchTarget';

// The suggestion panel and its data load on first focus, not with the first page.
const SearchSuggestPanel = lazy(() => import('./SearchSuggestPanel'));

interface SearchFormProps {
  /** `hero` is the large version on the home page. */
  size?: 'header' | 'hero';
  onSearched?: () => void;
  /** The panel of hot keywords, hot topics and categories that opens on focus (header only by default). */
  suggestions?: boolean;
}

/** Keyword search with the video/photo type switch (spec section 2 "Header"), and the camera that searches by image. */
export function SearchForm({ size = 'header', onSearched, suggestions = size === 'header' }: SearchFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const inputId = useId();
  const [type, setType] = useState<SearchType>(() => searchTypeForPath(location.pathname));
  const [keyword, setKeyword] = useState(() => new URLSearchParams(location.search).get('keyword') ?? '');
  const [panelOpen, setPanelOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const closePanel = useCallback(() => setPanelOpen(false), []);
  useDismiss(wrapper, panelOpen, closePanel);

  useEffect(() => {
    setType(searchTypeForPath(location.pathname));
    setKeyword(new URLSearchParams(location.search).get('keyword') ?? '');
    setPanelOpen(false);
  }, [location.pathname, location.search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setPanelOpen(false);
    navigate(searchTarget(keyword, type));
    onSearched?.();
  };

  return (
    <div className={styles.wrapper} ref={wrapper}>
      <form
        className={`${styles.form} ${size === 'hero' ? styles.hero : ''}`}
        role="search"
        onSubmit={submit}
        // The camera has its own panel: focus there does not open the suggestions.
        onFocus={(event) => suggestions && !(event.target as HTMLElement).closest('[data-image-search]') && setPanelOpen(true)}
      >
        <div className={styles.typeSwitch}>
          <select
            className={styles.typeSelect}
            value={type}
            onChange={(event) => setType(event.target.value as SearchType)}
            aria-label={t('search.typeLabel')}
            data-testid="search-type-switch"
          >
            <option value="video">{t('search.typeVideo')}</option>
            <option value="pic">{t('search.typePhoto')}</option>
          </select>
          <ChevronDownIcon className={styles.chevron} size={14} />
        </div>
        <label className="visually-hidden" htmlFor={inputId}>
          {t('search.label')}
        </label>
        <input
          id={inputId}
          className={styles.input}
          type="search"
          enterKeyHint="search"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder={type === 'pic' ? t('search.placeholderPhoto') : t('search.placeholderVideo')}
          maxLength={100}
          autoComplete="off"
          data-testid="search-input"
        />
        <ImageSearchButton onSearched={onSearched} />
        <button className={styles.submit} type="submit" aria-label={t('search.submit')} data-testid="search-submit">
          <SearchIcon size={size === 'hero' ? 20 : 18} />
          {size === 'hero' && <span>{t('search.submit')}</span>}
        </button>
      </form>
      {panelOpen && (
        <Suspense fallback={null}>
          <SearchSuggestPanel
            type={type}
            onPick={() => {
              setPanelOpen(false);
              onSearched?.();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
