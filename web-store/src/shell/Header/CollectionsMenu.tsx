import { Suspense, lazy, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { usePreferenceCounts } from '../../session/PreferenceCountsProvider';
import { useSession } from '../../session/SessionProvider';
import { useLoginGate } from '../../session/useLoginGate';
import { HeartIcon } from '../../ui/icons';
import { useDismiss } from '../../ui/useDismiss';
import { badgeValue, collectionCount } from './badgeCounts';
import styles from './CollectionsMenu.module.css';
import linkStyles from './HeaderIconLink.module.css';

// The preview and its calls load the first time the dropdown opens.
const CollectionsPanel = lazy(() => import('./CollectionsPanel'));

const HOVER_CLOSE_DELAY_MS = 250;

/**
 * The header heart (spec section 2 "Header"): a dropdown with the four collection types, each
 * previewing its first 6 items, opened by hovering; the icon itself goes to /Collect. Visitors get
 * the sign-in message instead.
 */
export function CollectionsMenu() {
  const { t } = useTranslation();
  const { status } = useSession();
  const { counts } = usePreferenceCounts();
  const { requireSignIn } = useLoginGate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(wrapper, open, close);
  useEffect(close, [location.pathname, location.search, close]);
  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  const count = collectionCount(counts);
  const shown = badgeValue(count);
  const signedIn = status === 'signedIn';

  const hoverOpen = (pointerType: string) => {
    if (pointerType !== 'mouse' || !signedIn) return;
    window.clearTimeout(closeTimer.current);
    setOpen(true);
  };
  const hoverClose = (pointerType: string) => {
    if (pointerType !== 'mouse') return;
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(close, HOVER_CLOSE_DELAY_MS);
  };

  return (
    <div
      className={styles.wrapper}
      ref={wrapper}
      onPointerEnter={(event) => hoverOpen(event.pointerType)}
      onPointerLeave={(event) => hoverClose(event.pointerType)}
    >
      {/* A click goes to the page; the preview is the hover's (a mouse), so a click never just closes it. */}
      <Link
        to="/Collect"
        className={linkStyles.link}
        aria-label={t('header.collections')}
        title={t('header.collections')}
        onClick={(event) => {
          if (!requireSignIn('collections')) event.preventDefault();
        }}
        data-testid="collect-menu"
      >
        <HeartIcon size={21} />
        {signedIn && (
          <span className={shown === 0 ? `${linkStyles.badge} ${linkStyles.empty}` : linkStyles.badge} data-testid="collect-badge" data-count={count}>
            {shown}
          </span>
        )}
      </Link>
      {open && signedIn && (
        <div className={styles.panel} id={panelId} data-testid="collect-dropdown">
          <Suspense fallback={<p className={styles.loading}>{t('catalogue.loading')}</p>}>
            <CollectionsPanel onNavigate={close} />
          </Suspense>
        </div>
      )}
    </div>
  );
}
