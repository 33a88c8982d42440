import { formatFen } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { orderCalls } from '../../api/orderCalls';
import { Notice } from '../../catalogue/Notice';
import { useRemote } from '../../catalogue/useRemote';
import { recallPlacedOrder } from '../../music/placedOrders';
import { buttonClass } from '../../ui/Button';
import styles from './MusicPages.module.css';

/**
 * /OrderMusic?id=: the music licence order just placed. The orders service turns it into an order
 * waiting for the payment voucher; its number and what was chosen are shown here.
 */
export default function OrderMusicPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const orderId = params.get('id') ?? '';
  const order = orderId ? recallPlacedOrder(orderId) : null;
  // Opened in another tab (nothing remembered): the number comes from the orders service, once it has the order.
  const placed = useRemote((signal) => (orderId && !order ? orderCalls.detail(orderId, { signal }) : Promise.resolve(null)), [orderId, order === null]);
  const orderNo = order?.orderNo ?? placed.data?.orderNo ?? null;
  if (!orderId) {
    return (
      <div className={styles.page}>
        <Notice title={t('music.orderPage.missing')} body={t('music.orderPage.missingBody')} testId="order-music-missing">
          <Link to="/OrderList" className={buttonClass('secondary')}>
            {t('orders.success.list')}
          </Link>
        </Notice>
      </div>
    );
  }
  return (
    <div className={styles.page} data-testid="order-music">
      <div className={styles.orderCard}>
        <h1>{t('music.orderPage.title')}</h1>
        <p>{t('music.orderPage.body')}</p>
        <dl className={styles.detailInfo}>
          <div>
            <dt>{t('music.orderPage.number')}</dt>
            <dd data-testid="order-music-no">{orderNo ?? '—'}</dd>
          </div>
          {order && (
            <>
              <div>
                <dt>{t('music.orderPage.music')}</dt>
                <dd>{order.musicName}</dd>
              </div>
              <div>
                <dt>{t('music.orderPage.licence')}</dt>
                <dd>{order.licence.join(' / ')}</dd>
              </div>
              <div>
                <dt>{t('music.order.projectName')}</dt>
                <dd>{order.projectName}</dd>
              </div>
              <div>
                <dt>{t('music.order.brand')}</dt>
                <dd>{order.brand}</dd>
              </div>
              <div>
                <dt>{t('music.order.companyName')}</dt>
                <dd>{order.companyName}</dd>
              </div>
              <div>
                <dt>{t('music.orderPage.total')}</dt>
                <dd data-testid="order-music-total">{formatFen(order.totalFen)}</dd>
              </div>
            </>
          )}
        </dl>
        {/* Placed music orders are quoted at once: the order list shows it straight away, waiting for payment. */}
        <p className={styles.muted} data-testid="order-music-next">
          {t('music.orderPage.next', { status: t('orders.status.quoted') })}
        </p>
        <div className={styles.orderLinks}>
          <Link to={`/Order?id=${encodeURIComponent(orderId)}`}>{t('music.orderPage.open')}</Link>
          <Link to="/OrderList" data-testid="order-music-list">
            {t('music.orderPage.list')}
          </Link>
          <Link to="/Music">{t('music.backHome')}</Link>
        </div>
      </div>
    </div>
  );
}
