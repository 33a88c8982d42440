import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { orderCalls, yuan } from '../../api/orderCalls';
import { useRemote } from '../../catalogue/useRemote';
import { SignedIn, chinaTime, messageOf } from './common';
import styles from './Orders.module.css';

/** /OrderList: the buyer's orders, newest first. */
export default function OrderListPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('orders.list.title')}</h1>
        <Link to="/OrderMaterialList">{t('orders.materials.title')}</Link>
      </header>
      <SignedIn>
        <Orders />
      </SignedIn>
    </div>
  );
}

function Orders() {
  const { t, i18n } = useTranslation();
  const list = useRemote((signal) => orderCalls.list(1, 50, { signal }), [i18n.language]);
  if (list.error) return <p className={styles.error}>{t('orders.loadFailed', { message: messageOf(list.error) })}</p>;
  if (!list.data) return <p className={styles.muted}>{t('orders.loading')}</p>;
  if (list.data.infos.length === 0) return <p className={styles.muted}>{t('orders.list.empty')}</p>;
  return (
    <div className={styles.rows} data-testid="order-list">
      {list.data.infos.map((order) => (
        <div key={order.id} className={`${styles.row} ${styles.rowPlain}`} data-testid="order-row">
          <div>
            <div className={styles.itemTitle}>
              {order.orderNo} · {t(`orders.kind.${order.kind}`)}
            </div>
            <div className={styles.code}>
              {chinaTime(order.createdAt)} · {order.items.map((i) => i.title).join('、')}
            </div>
          </div>
          <div className={styles.actions}>
            <span className={styles.badge} data-testid="order-status">
              {t(`orders.status.${order.status}`)}
            </span>
            <span>{yuan(order.totalFen)}</span>
            <Link to={`/Order?id=${order.id}`}>{t('orders.list.view')}</Link>
          </div>
        </div>
      ))}
    </div>
  );
}
