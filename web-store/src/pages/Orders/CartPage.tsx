import type { CartItem } from '@mkt/contracts/web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { orderCalls } from '../../api/orderCalls';
import { announceCartChanged } from '../../orders/useAddToCart';
import { useRemote } from '../../catalogue/useRemote';
import { Button, buttonClass } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/toast/ToastProvider';
import { SignedIn, Thumb, messageOf } from './common';
import styles from './Orders.module.css';
import { purchaseDetailPath } from '../../catalogue/materialFormat';
import { SaveToBoard } from '../Boards/SaveToBoard';

const TABS = [
  { targetType: 0, key: 'video' },
  { targetType: 1, key: 'photo' },
] as const;

/** /Cart?targetType=0|1: the cart's videos or photos; remove after a confirm dialog; order the selection. */
export default function CartPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const targetType = params.get('targetType') === '1' ? 1 : 0;
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('orders.cart.title')}</h1>
        <div className={styles.tabs} role="tablist">
          {TABS.map((tab) => (
            <button
              key={tab.key}
              type="button"
              role="tab"
              aria-selected={tab.targetType === targetType}
              className={tab.targetType === targetType ? `${styles.tab} ${styles.tabOn}` : styles.tab}
              onClick={() => navigate({ search: `?targetType=${tab.targetType}` })}
              data-testid={`cart-tab-${tab.targetType}`}
            >
              {t(`orders.cart.tabs.${tab.key}`)}
            </button>
          ))}
        </div>
      </header>
      <p className={styles.promise}>{t('orders.quotePromise')}</p>
      <SignedIn>
        <CartList targetType={targetType} />
      </SignedIn>
    </div>
  );
}

function CartList({ targetType }: { targetType: number }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const cart = useRemote((signal) => orderCalls.cartList(targetType, 1, 100, { signal }), [targetType, i18n.language]);
  const [removing, setRemoving] = useState<CartItem | null>(null);

  const remove = async () => {
    if (!removing) return;
    try {
      await orderCalls.cartRemove(removing.cartId);
      toast.show({ message: t('orders.cart.removed') });
      announceCartChanged();
      cart.reload();
    } catch (error) {
      toast.show({ message: messageOf(error) });
    } finally {
      setRemoving(null);
    }
  };

  if (cart.error) return <p className={styles.error}>{t('orders.loadFailed', { message: messageOf(cart.error) })}</p>;
  if (!cart.data) return <p className={styles.muted}>{t('orders.loading')}</p>;
  const total = cart.data.counts.video + cart.data.counts.photo;
  return (
    <>
      {cart.data.infos.length === 0 ? (
        <p className={styles.muted} data-testid="cart-empty">
          {t('orders.cart.empty')}
        </p>
      ) : (
        <div className={styles.rows} data-testid="cart-list">
          {cart.data.infos.map((item) => (
            <div key={item.cartId} className={styles.row} data-testid="cart-item">
              <span />
              <Thumb src={item.thumbnail} />
              <div>
                <Link to={purchaseDetailPath(item.id, item.category === 1 ? 'photo' : 'video')} className={styles.itemTitle} data-testid="cart-item-title">
                  {item.title}
                </Link>
                <div className={styles.code}>
                  {item.code} · {item.skuName}
                </div>
              </div>
              <Button variant="ghost" onClick={() => setRemoving(item)} data-testid="cart-remove">
                {t('orders.cart.remove')}
              </Button>
            </div>
          ))}
        </div>
      )}
      <div className={styles.footer}>
        {cart.data.infos.length > 0 ? (
          <SaveToBoard materialIds={cart.data.infos.map((item) => item.id)} className={buttonClass('secondary', 'lg')} label={t('boards.saveCartToBoard')} />
        ) : null}
        <Button size="lg" disabled={total === 0} onClick={() => navigate('/Putorder')} data-testid="cart-checkout">
          {t('orders.cart.checkout', { count: total })}
        </Button>
      </div>
      <Dialog open={removing !== null} title={t('orders.cart.remove')} onClose={() => setRemoving(null)} testId="cart-remove-dialog">
        <p>{t('orders.cart.removeConfirm')}</p>
        <div className={styles.footer}>
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            {t('orders.putorder.cancel')}
          </Button>
          <Button onClick={remove} data-testid="cart-remove-confirm">
            {t('orders.cart.remove')}
          </Button>
        </div>
      </Dialog>
    </>
  );
}
