import { Suspense, lazy, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { useSession } from '../../session/SessionProvider';
import { BellIcon } from '../../ui/icons';
import { useDismiss } from '../../ui/useDismiss';
import { BADGE_MAX } from './badgeCounts';
import styles from './CollectionsMenu.module.css';
import linkStyles from './HeaderIconLink.module.css';

// The list and its calls load the first time the panel opens.
const NotificationsPanel = lazy(() => import('./NotificationsPanel'));

/**
 * The header bell (signed in): the unread count the session check brought (no call of its own on
 * page loads), capped at 99+; a click opens the latest notifications.
 */
export function NotificationsMenu() {
  const { t } = useTranslation();
  const { status, unreadNotifications } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(wrapper, open, close);
  useEffect(close, [location.pathname, location.search, close]);
  if (status !== 'signedIn') return null;
  const shown = unreadNotifications > BADGE_MAX ? `${BADGE_MAX}+` : String(unreadNotifications);

  return (
    <div className={styles.wrapper} ref={wrapper}>
      <button
        type="button"
        className={linkStyles.link}
        aria-label={t('header.notifications')}
        title={t('header.notifications')}
        aria-expanded={open}
        onClick={() => setOpen(!open)}
        data-testid="notifications-menu"
      >
        <BellIcon size={21} />
        <span className={unreadNotifications === 0 ? `${linkStyles.badge} ${linkStyles.empty}` : linkStyles.badge} data-testid="notifications-badge" data-count={unreadNotifications}>
          {shown}
        </span>
      </button>
      {open && (
        <div className={styles.panel} data-testid="notifications-panel">
          <Suspense fallback={<p className={styles.loading}>{t('catalogue.loading')}</p>}>
            <NotificationsPanel onNavigate={close} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
