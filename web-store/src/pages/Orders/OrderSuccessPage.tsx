import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { buttonClass } from '../../ui/Button';
import styles from './Orders.module.css';

/** /OrderSuccess?id=&no=: the order went in; staff quote next. */
export default function OrderSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const orderNo = params.get('no') ?? '';
  // Reached without the order it confirms (a bookmark, a shared link): point to where orders are.
  if (!id || !orderNo) {
    return (
      <div className={`${styles.page} ${styles.narrow}`}>
        <div className={styles.card} data-testid="order-success-missing">
          <h1 className={styles.title}>{t('orders.success.missingTitle')}</h1>
          <p className={styles.muted}>{t('orders.success.missingBody')}</p>
          <div className={styles.actions}>
            <Link className={buttonClass('primary')} to="/OrderList">
              {t('orders.success.list')}
            </Link>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <div className={styles.card} data-testid="order-success">
        <h1 className={styles.title}>{t('orders.success.title')}</h1>
        <p className={styles.muted}>{t('orders.success.body', { orderNo })}</p>
        <p className={styles.promise}>{t('orders.quotePromise')}</p>
        <div className={styles.actions}>
          <Link className={buttonClass('primary')} to={`/Order?id=${encodeURIComponent(id)}`} data-testid="order-success-view">
            {t('orders.success.view')}
          </Link>
          <Link className={buttonClass('secondary')} to="/OrderList">
            {t('orders.success.list')}
          </Link>
        </div>
      </div>
    </div>
  );
}
