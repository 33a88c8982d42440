import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ChevronLeftIcon } from '../../ui/icons';
import { SearchForm } from '../Header/SearchForm';
import styles from './CompactTopBar.module.css';

/**
 * Inside a WeChat mini-program the header is hidden (spec section 1) and the host draws only its
 * own title bar: this one line keeps the store navigable there, with a way back (home when the
 * page was opened straight from a shared link) and the search box.
 */
export function CompactTopBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  // react-router numbers the entries it pushed: the first page of the visit has nothing behind it.
  const canGoBack = (window.history.state as { idx?: number } | null)?.idx ? true : false;
  const atHome = location.pathname === '/';
  return (
    <div className={styles.bar} data-testid="compact-top-bar">
      {atHome ? null : canGoBack ? (
        <button type="button" className={styles.back} onClick={() => navigate(-1)} aria-label={t('compactBar.back')} data-testid="compact-back">
          <ChevronLeftIcon />
        </button>
      ) : (
        <Link to="/" className={styles.back} aria-label={t('compactBar.home')} data-testid="compact-back">
          <ChevronLeftIcon />
        </Link>
      )}
      <div className={styles.search}>
        <SearchForm suggestions={false} />
      </div>
    </div>
  );
}
