import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import styles from './PrimaryNav.module.css';
import { useCollectingCount } from './useCollectingCount';

const links = [
  { to: '/SearchResult?type=video', match: '/SearchResult', label: 'nav.video' },
  { to: '/ImgSearchResult?type=pic', match: '/ImgSearchResult', label: 'nav.photo' },
  { to: '/Music', match: '/Music', label: 'nav.music' },
  { to: '/ActivityList', match: '/ActivityList', label: 'nav.contest' },
  { to: '/Vip', match: '/Vip', label: 'nav.vip' },
] as const;

/** The section links; laid out in a row in the header and as a list in the mobile menu. */
export function PrimaryNav({ layout, onNavigate }: { layout: 'row' | 'list'; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const collecting = useCollectingCount();
  return (
    <nav className={layout === 'row' ? styles.row : styles.list} aria-label={t('nav.primary')}>
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          onClick={onNavigate}
          className={({ isActive }) => (isActive ? `${styles.link} ${styles.active}` : styles.link)}
        >
          {t(link.label)}
          {link.label === 'nav.contest' && collecting > 0 && (
            <span className={styles.count} data-testid="nav-contest-count" aria-label={t('nav.contestsCollecting', { count: collecting })}>
              {collecting}
            </span>
          )}
        </NavLink>
      ))}
    </nav>
  );
}
