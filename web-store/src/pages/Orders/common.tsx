import { type OrderView, VIP_DAYS } from '@mkt/contracts/web';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { loginUrlReturningTo } from '../../api/authLoss';
import { ApiError } from '../../api/client';
import { Notice } from '../../catalogue/Notice';
import { useSession } from '../../session/SessionProvider';
import { buttonClass } from '../../ui/Button';
import styles from './Orders.module.css';

/** Cart, orders and purchases are for signed-in buyers: visitors see the spec's sign-in message. */
export function SignedIn({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { status } = useSession();
  const location = useLocation();
  if (status === 'checking') return <p className={styles.muted}>{t('orders.loading')}</p>;
  if (status === 'signedOut') {
    return (
      <Notice title={t('gate.signInToUse')} testId="orders-sign-in">
        <Link className={buttonClass('primary')} to={loginUrlReturningTo(location.pathname + location.search)}>
          {t('orders.signIn')}
        </Link>
      </Notice>
    );
  }
  return <>{children}</>;
}

/** The server's own message when it sent one, else a generic one. */
export function messageOf(error: unknown): string {
  return error instanceof ApiError && error.hasServerMessage ? error.message : String((error as Error)?.message ?? error);
}

/** The spec's wording: 'Submission Failed: {message}' for a refusal, 'Submission error: {message}' for a request exception. */
export function useSubmitMessage() {
  const { t } = useTranslation();
  return (error: unknown): string =>
    error instanceof ApiError && error.hasServerMessage ? t('orders.submitFailed', { message: error.message }) : t('orders.submitError', { message: messageOf(error) });
}

/** Times are shown in UTC+8 (spec: time stored in UTC, shown in China time). */
export function chinaTime(iso: string | null): string {
  if (!iso) return '—';
  return new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
}

export function Thumb({ src }: { src: string | null }) {
  return src ? <img className={styles.thumb} src={src} alt="" loading="lazy" /> : <span className={styles.thumb} />;
}

/** What an order bought, in one line: its materials' titles, the shop product's name, or the VIP membership. */
export function orderSummary(order: Pick<OrderView, 'kind' | 'items' | 'product'>, t: TFunction): string {
  if (order.items.length > 0) return order.items.map((item) => item.title).join('、');
  if (order.product) return order.product.name;
  if (order.kind === 'vip') return t('orders.list.vipSummary', { days: VIP_DAYS });
  return '';
}

/** The facts every order screen starts with: number, time (UTC+8) and state; `after` follows the state badge. */
export function OrderFacts({ order, after }: { order: Pick<OrderView, 'orderNo' | 'createdAt' | 'status'>; after?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.facts}>
      <dt>{t('orders.detail.orderNo')}</dt>
      <dd data-testid="order-no">{order.orderNo}</dd>
      <dt>{t('orders.detail.orderTime')}</dt>
      <dd>{chinaTime(order.createdAt)}</dd>
      <dt>{t('orders.detail.status')}</dt>
      <dd>
        <span className={styles.badge} data-testid="order-status">
          {t(`orders.status.${order.status}`)}
        </span>
        {after}
      </dd>
    </dl>
  );
}
