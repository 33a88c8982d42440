import { formatFen } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { orderCalls } from '../../api/orderCalls';
import { useRemote } from '../../catalogue/useRemote';
import { useVipRule } from '../../orders/vipRule';
import { Button } from '../../ui/Button';
import { SignedIn, chinaTime, messageOf } from './common';
import styles from './Orders.module.css';

/** /Vip and /vip: the membership, its price and the way to its order (/VipOrder). */
export default function VipPage() {
  const { t } = useTranslation();
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('orders.vip.title')}</h1>
      </header>
      <SignedIn>
        <Membership />
      </SignedIn>
    </div>
  );
}

function Membership() {
  const { t } = useTranslation();
  const vip = useVipRule();
  const navigate = useNavigate();
  const info = useRemote((signal) => orderCalls.vipInfo({ signal }), []);
  if (info.error) return <p className={styles.error}>{t('orders.loadFailed', { message: messageOf(info.error) })}</p>;
  if (!info.data) return <p className={styles.muted}>{t('orders.loading')}</p>;
  return (
    <section className={styles.card} data-testid="vip-card">
      <p className={styles.total} data-testid="vip-rule">{vip.rule}</p>
      <p>{t('orders.vip.price', { price: formatFen(info.data.priceFen) })}</p>
      {info.data.active && <p className={styles.ok}>{t('orders.vip.active', { date: chinaTime(info.data.validUntil) })}</p>}
      <div className={styles.footer}>
        <Button size="lg" onClick={() => navigate('/VipOrder')} data-testid="vip-buy">
          {t('orders.vip.buy')}
        </Button>
      </div>
    </section>
  );
}
