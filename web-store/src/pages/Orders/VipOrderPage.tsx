import { type OrderView, VIP_DAYS, formatFen } from '@mkt/contracts/web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { orderCalls } from '../../api/orderCalls';
import { useRemote } from '../../catalogue/useRemote';
import { buyerMayCancel } from '../../orders/orderCancel';
import { useVipRule } from '../../orders/vipRule';
import { Button, buttonClass } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/toast/ToastProvider';
import { CancelOrder } from './CancelOrder';
import { OrderFacts, SignedIn, chinaTime, messageOf, useSubmitMessage } from './common';
import { PaymentForm } from './PaymentForm';
import styles from './Orders.module.css';

/**
 * /VipOrder (?id= once ordered): the VIP order's own screen. The plan chosen on /Vip, placed after a
 * confirmation (an open VIP order is reused, as the server does), then the order's state, payment
 * by voucher while it awaits payment, and the confirmation once finance has confirmed the payment.
 */
export default function VipOrderPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  return (
    <div className={`${styles.page} ${styles.narrow}`} data-testid="vip-order-page">
      <header className={styles.head}>
        <h1 className={styles.title}>{t('orders.vipOrder.title')}</h1>
        <Link to="/Vip">{t('orders.vipOrder.aboutVip')}</Link>
      </header>
      <SignedIn>{id ? <PlacedOrder id={id} /> : <Plan onOrdered={(orderId) => setParams({ id: orderId }, { replace: true })} />}</SignedIn>
    </div>
  );
}

/** The one plan: a year's membership at the fixed price, and the rule members buy by. */
function PlanFacts({ priceFen }: { priceFen: number }) {
  const { t } = useTranslation();
  const vip = useVipRule();
  return (
    <section className={styles.card} data-testid="vip-order-plan">
      <h2 className={styles.subtitle}>{t('orders.vipOrder.plan')}</h2>
      <dl className={styles.facts}>
        <dt>{t('orders.vipOrder.planName')}</dt>
        <dd>{t('orders.vipOrder.yearPlan')}</dd>
        <dt>{t('orders.vipOrder.term')}</dt>
        <dd>{t('orders.vipOrder.days', { days: VIP_DAYS })}</dd>
        <dt>{t('orders.vipOrder.benefit')}</dt>
        <dd>{vip.rule}</dd>
        <dt>{t('orders.detail.total')}</dt>
        <dd className={styles.total} data-testid="vip-order-price">
          {formatFen(priceFen)}
        </dd>
      </dl>
    </section>
  );
}

function Plan({ onOrdered }: { onOrdered: (orderId: string) => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const submitMessage = useSubmitMessage();
  const info = useRemote((signal) => orderCalls.vipInfo({ signal }), []);
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  if (info.error) return <p className={styles.error}>{t('orders.loadFailed', { message: messageOf(info.error) })}</p>;
  if (!info.data) return <p className={styles.muted}>{t('orders.loading')}</p>;
  const place = async () => {
    setSending(true);
    try {
      const order = await orderCalls.vipOrder();
      toast.show({ message: t('orders.vip.ordered') });
      onOrdered(order.orderId);
    } catch (error) {
      toast.show({ message: submitMessage(error) });
    } finally {
      setSending(false);
      setConfirming(false);
    }
  };
  return (
    <>
      <PlanFacts priceFen={info.data.priceFen} />
      {info.data.active && (
        <p className={styles.ok} data-testid="vip-order-active">
          {t('orders.vipOrder.extends', { date: chinaTime(info.data.validUntil) })}
        </p>
      )}
      <p className={styles.muted}>{t('orders.vipOrder.how')}</p>
      <div className={styles.footer}>
        <Button size="lg" onClick={() => setConfirming(true)} data-testid="vip-order-place">
          {t('orders.vipOrder.place')}
        </Button>
      </div>
      {confirming && (
        <Dialog open title={t('orders.vipOrder.confirmTitle')} onClose={() => setConfirming(false)} closeLabel={t('orders.vipOrder.back')} testId="vip-order-confirm" width={480}>
          <p>{t('orders.vipOrder.confirmBody', { price: formatFen(info.data.priceFen), days: VIP_DAYS })}</p>
          <div className={styles.footer}>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {t('orders.vipOrder.back')}
            </Button>
            <Button disabled={sending} onClick={() => void place()} data-testid="vip-order-confirm-submit">
              {t('orders.vipOrder.confirmSubmit')}
            </Button>
          </div>
        </Dialog>
      )}
    </>
  );
}

function PlacedOrder({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const order = useRemote((signal) => orderCalls.detail(id, { signal }), [id, i18n.language]);
  if (order.error) return <p className={styles.error}>{t('orders.loadFailed', { message: messageOf(order.error) })}</p>;
  if (!order.data) return <p className={styles.muted}>{t('orders.loading')}</p>;
  const o = order.data;
  if (o.kind !== 'vip') {
    return (
      <p className={styles.muted} data-testid="vip-order-other-kind">
        {t('orders.vipOrder.notVip')} <Link to={`/Order?id=${encodeURIComponent(o.id)}`}>{o.orderNo}</Link>
      </p>
    );
  }
  return (
    <>
      <PlanFacts priceFen={o.totalFen ?? 0} />
      <section className={styles.card} data-testid="vip-order-state" data-status={o.status}>
        <h2 className={styles.subtitle}>{t('orders.vipOrder.state')}</h2>
        <OrderFacts order={o} />
        <StateNote order={o} />
        {buyerMayCancel(o.status) && (
          <div className={styles.footer}>
            <CancelOrder order={o} onChanged={order.reload} />
          </div>
        )}
      </section>
      {o.status === 'quoted' && <PaymentForm order={o} onDone={order.reload} />}
      {o.status === 'confirmed' && <Confirmation />}
    </>
  );
}

/** What the state means for the buyer, and what comes next. */
function StateNote({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  if (order.status === 'quoted') {
    return (
      <>
        {order.voucherRejectedReason && <p className={styles.error}>{t('orders.detail.rejected', { reason: order.voucherRejectedReason })}</p>}
        <p className={styles.promise} data-testid="vip-order-next">
          {t('orders.vipOrder.next.quoted', { price: formatFen(order.totalFen) })}
        </p>
      </>
    );
  }
  if (order.status === 'closed') {
    return (
      <>
        {order.closedReason && <p className={styles.muted}>{t('orders.detail.closedReason', { reason: order.closedReason })}</p>}
        <Link className={buttonClass('secondary')} to="/VipOrder" data-testid="vip-order-again">
          {t('orders.vipOrder.again')}
        </Link>
      </>
    );
  }
  if (order.status === 'paid') {
    return (
      <p className={styles.muted} data-testid="vip-order-next">
        {t('orders.vipOrder.next.paid')}
      </p>
    );
  }
  return null;
}

/** After finance confirms the payment: the membership and its end date. */
function Confirmation() {
  const { t } = useTranslation();
  const info = useRemote((signal) => orderCalls.vipInfo({ signal }), []);
  if (!info.data) return null;
  return (
    <section className={styles.card} data-testid="vip-order-confirmation">
      <h2 className={styles.subtitle}>{t('orders.vipOrder.confirmedTitle')}</h2>
      <p className={styles.ok}>{info.data.active ? t('orders.vipOrder.confirmedUntil', { date: chinaTime(info.data.validUntil) }) : t('orders.vipOrder.confirmedEnded')}</p>
      <div className={styles.footer}>
        <Link className={buttonClass('primary')} to="/SearchResult">
          {t('orders.vipOrder.browse')}
        </Link>
      </div>
    </section>
  );
}
