import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../../session/SessionProvider';
import { showsMaterialCenterInMobileMenu } from '../../session/userRoles';
import { CloseIcon, MenuIcon, ToolsIcon } from '../../ui/icons';
import { useDismiss } from '../../ui/useDismiss';
import styles from './MobileMenu.module.css';
import { PrimaryNav } from './PrimaryNav';
import { SearchForm } from './SearchForm';

/** The collapsed menu of narrow screens: search, sections and, for gid 2/35, the material centre. */
export function MobileMenu() {
  const { t } = useTranslation();
  const { user } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(wrapper, open, close);
  useEffect(close, [location.pathname, location.search, close]);

  return (
    <div className={styles.wrapper} ref={wrapper}>
      <button
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={open ? t('nav.closeMenu') : t('nav.openMenu')}
        onClick={() => setOpen((value) => !value)}
        data-testid="mobile-menu-toggle"
      >
        {open ? <CloseIcon size={22} /> : <MenuIcon size={22} />}
      </button>
      {open && <div className={styles.backdrop} onClick={close} aria-hidden="true" />}
      {open && (
        <div className={styles.panel} id={panelId} data-testid="mobile-menu">
          <div className={styles.search}>
            <SearchForm onSearched={close} />
          </div>
          <PrimaryNav layout="list" onNavigate={close} />
          {showsMaterialCenterInMobileMenu(user) && (
            <Link className={styles.extra} to="/MaterialCenter" data-testid="mobile-material-center">
              <ToolsIcon size={18} />
              {t('nav.materialCenter')}
            </Link>
          )}
        </div>
      )}
    </div>
  );
}
