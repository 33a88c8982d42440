import { type OrderListResponse, formatFen } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { orderCalls } from '../../api/orderCalls';
import { useRemote } from '../../catalogue/useRemote';
import { useSession } from '../../session/SessionProvider';
import { isEnterpriseAdmin } from '../../session/userRoles';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast/ToastProvider';
import { CancelOrder } from './CancelOrder';
import { SignedIn, chinaTime, messageOf, orderSummary } from './common';
import styles from './Orders.module.css';

/**
 * /OrderList: the buyer's orders, newest first. Enterprise administrators also get a tab with
 * every completed order of their company; owners can hide their own completed orders from it.
 */
export default function OrderListPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const enterprise = isEnterpriseAdmin(user);
  const company = enterprise && params.get('view') === 'company';
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('orders.list.title')}</h1>
        {enterprise && (
          <div className={styles.tabs} role="tablist">
            {(['mine', 'company'] as const).map((view) => (
              <button
                key={view}
                type="button"
                role="tab"
                aria-selected={(view === 'company') === company}
                className={(view === 'company') === company ? `${styles.tab} ${styles.tabOn}` : styles.tab}
                onClick={() => navigate({ search: view === 'company' ? '?view=company' : '' })}
                data-testid={`orders-tab-${view}`}
              >
                {t(`orders.list.${view}`)}
              </button>
            ))}
          </div>
        )}
        <Link to="/OrderMaterialList">{t('orders.materials.title')}</Link>
      </header>
      <SignedIn>
        <Orders company={company} />
      </SignedIn>
    </div>
  );
}

function Orders({ company }: { company: boolean }) {
  const { t, i18n } = useTranslation();
  // Only a customer of a company has a company to hide orders from.
  const hasCompany = Boolean(useSession().user?.customerId);
  const toast = useToast();
  const list = useRemote<OrderListResponse>((signal) => (company ? orderCalls.companyOrders(1, 50, { signal }) : orderCalls.list(1, 50, { signal })), [company, i18n.language]);
  const toggleHidden = async (id: string, hidden: boolean) => {
    try {
      await orderCalls.hide(id, hidden);
      list.reload();
    } catch (error) {
      toast.show({ message: messageOf(error) });
    }
  };
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
              {chinaTime(order.createdAt)} · <span data-testid="order-summary">{orderSummary(order, t)}</span>
            </div>
          </div>
          <div className={styles.actions}>
            <span className={styles.badge} data-testid="order-status">
              {t(`orders.status.${order.status}`)}
            </span>
            <span>{formatFen(order.totalFen)}</span>
            {!company && hasCompany && order.status === 'confirmed' && (
              <Button variant="ghost" onClick={() => toggleHidden(order.id, !order.hiddenFromCompany)} data-testid="order-hide">
                {order.hiddenFromCompany ? t('orders.list.show') : t('orders.list.hide')}
              </Button>
            )}
            {!company && <CancelOrder order={order} onChanged={list.reload} />}
            {!company && <Link to={order.kind === 'vip' ? `/VipOrder?id=${order.id}` : `/Order?id=${order.id}`}>{t('orders.list.view')}</Link>}
          </div>
        </div>
      ))}
    </div>
  );
}
