import { CART_PREVIEW_SIZE } from '@mkt/contracts/web';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { orderCalls } from '../../api/orderCalls';
import { useRemote } from '../../catalogue/useRemote';
import { usePreferenceCounts } from '../../session/PreferenceCountsProvider';
import { useSession } from '../../session/SessionProvider';
import { useLoginGate } from '../../session/useLoginGate';
import { CartIcon } from '../../ui/icons';
import { useDismiss } from '../../ui/useDismiss';
import { badgeValue, cartCount } from './badgeCounts';
import styles from './CollectionsMenu.module.css';
import panelStyles from './CollectionsPanel.module.css';
import linkStyles from './HeaderIconLink.module.css';
import { purchaseDetailPath } from '../../catalogue/materialFormat';

const HOVER_CLOSE_DELAY_MS = 250;

/**
 * The header cart (spec section 2 "Header"): a badge (at most 99: /home/preference's
 * videoShopping plus photoShopping) and a dropdown with video and photo tabs, each previewing its
 * newest 6 items, opened by hovering; the icon itself goes to /Cart. Visitors get the sign-in
 * message instead.
 */
export function CartMenu() {
  const { t } = useTranslation();
  const { status } = useSession();
  const { requireSignIn } = useLoginGate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const closeTimer = useRef<number | undefined>(undefined);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(wrapper, open, close);
  useEffect(close, [location.pathname, location.search, close]);
  const signedIn = status === 'signedIn';

  const { counts, reload } = usePreferenceCounts();
  const count = cartCount(counts);
  // The cart may change on another tab or through an order: each page reads the counts again.
  useEffect(() => {
    if (signedIn) reload();
  }, [signedIn, location.pathname, reload]);

  const shown = badgeValue(count);
  return (
    <div
      className={styles.wrapper}
      ref={wrapper}
      onPointerEnter={(event) => {
        if (event.pointerType !== 'mouse' || !signedIn) return;
        window.clearTimeout(closeTimer.current);
        setOpen(true);
      }}
      onPointerLeave={(event) => {
        if (event.pointerType !== 'mouse') return;
        window.clearTimeout(closeTimer.current);
        closeTimer.current = window.setTimeout(close, HOVER_CLOSE_DELAY_MS);
      }}
    >
      {/* A click goes to the page; the preview is the hover's (a mouse), so a click never just closes it. */}
      <Link
        to="/Cart"
        className={linkStyles.link}
        aria-label={t('header.cart')}
        title={t('header.cart')}
        onClick={(event) => {
          if (!requireSignIn('cart')) event.preventDefault();
        }}
        data-testid="cart-menu"
      >
        <CartIcon size={21} />
        {signedIn && (
          <span className={shown === 0 ? `${linkStyles.badge} ${linkStyles.empty}` : linkStyles.badge} data-testid="cart-badge" data-count={count}>
            {shown}
          </span>
        )}
      </Link>
      {open && signedIn && (
        <div className={styles.panel} id={panelId} data-testid="cart-dropdown">
          <CartPanel onNavigate={close} />
        </div>
      )}
    </div>
  );
}

function CartPanel({ onNavigate }: { onNavigate(): void }) {
  const { t, i18n } = useTranslation();
  const [category, setCategory] = useState<0 | 1>(0);
  const list = useRemote((signal) => orderCalls.cartList(category, 1, CART_PREVIEW_SIZE, { signal }), [category, i18n.language]);
  const items = list.data?.infos.slice(0, CART_PREVIEW_SIZE) ?? [];
  return (
    <div className={panelStyles.panel}>
      <div className={panelStyles.head}>
        <p className={panelStyles.title}>{t('orders.cart.title')}</p>
        <Link to={`/Cart?targetType=${category}`} className={panelStyles.all} onClick={onNavigate} data-testid="cart-dropdown-all">
          {t('orders.cart.viewAll')} →
        </Link>
      </div>
      <div className={panelStyles.tabs} role="tablist" style={{ gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' }}>
        {([0, 1] as const).map((c) => (
          <button
            key={c}
            type="button"
            role="tab"
            aria-selected={c === category}
            className={c === category ? `${panelStyles.tab} ${panelStyles.tabOn}` : panelStyles.tab}
            onClick={() => setCategory(c)}
            data-testid={`cart-dropdown-tab-${c}`}
          >
            {t(`orders.cart.tabs.${c === 0 ? 'video' : 'photo'}`)}
          </button>
        ))}
      </div>
      <div className={panelStyles.body}>
        {list.loading && !list.data ? (
          <p className={panelStyles.muted}>{t('catalogue.loading')}</p>
        ) : items.length === 0 ? (
          <p className={panelStyles.muted}>{t('orders.cart.empty')}</p>
        ) : (
          <ul style={{ display: 'grid', gap: 8, listStyle: 'none', padding: 0, margin: 0 }}>
            {items.map((item) => (
              <li key={item.cartId} data-testid="cart-dropdown-item">
                <Link to={purchaseDetailPath(item.id, item.category === 1 ? 'photo' : 'video')} onClick={onNavigate} style={{ display: 'flex', gap: 10, alignItems: 'center' }}>
                  {item.thumbnail && <img src={item.thumbnail} alt="" loading="lazy" style={{ width: 64, aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: 4 }} />}
                  <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{item.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
