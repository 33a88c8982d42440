import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ChevronDownIcon, SearchIcon } from '../../ui/icons';
import styles from './SearchForm.module.css';
import { type SearchType, searchTarget, searchTypeForPath } from './searchTarget';

interface SearchFormProps {
  /** `hero` is the large version on the home page. */
  size?: 'header' | 'hero';
  onSearched?: () => void;
}

/** Keyword search with the video/photo type switch (spec section 2 "Header"). */
export function SearchForm({ size = 'header', onSearched }: SearchFormProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const inputId = useId();
  const [type, setType] = useState<SearchType>(() => searchTypeForPath(location.pathname));
  const [keyword, setKeyword] = useState(() => new URLSearchParams(location.search).get('keyword') ?? '');

  useEffect(() => {
    setType(searchTypeForPath(location.pathname));
    setKeyword(new URLSearchParams(location.search).get('keyword') ?? '');
  }, [location.pathname, location.search]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(searchTarget(keyword, type));
    onSearched?.();
  };

  return (
    <form className={`${styles.form} ${size === 'hero' ? styles.hero : ''}`} role="search" onSubmit={submit}>
      <div className={styles.typeSwitch}>
        <select
          className={styles.typeSelect}
          value={type}
          onChange={(event) => setType(event.target.value as SearchType)}
          aria-label={t('search.typeLabel')}
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
      />
      <button className={styles.submit} type="submit" aria-label={t('search.submit')}>
        <SearchIcon size={size === 'hero' ? 20 : 18} />
        {size === 'hero' && <span>{t('search.submit')}</span>}
      </button>
    </form>
  );
}
