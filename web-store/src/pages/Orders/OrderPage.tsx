import { LICENCE_LABELS, type OrderView, formatFen } from '@mkt/contracts/web';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { type InvoiceForm, openLink, orderCalls } from '../../api/orderCalls';
import { useRemote } from '../../catalogue/useRemote';
import { buyerMayCancel } from '../../orders/orderCancel';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast/ToastProvider';
import { CancelOrder } from './CancelOrder';
import { PaymentForm } from './PaymentForm';
import { OrderFacts, SignedIn, Thumb, chinaTime, messageOf, useSubmitMessage } from './common';
import styles from './Orders.module.css';

/** /Order?id= and /Order2?id=: order detail, payment with a voucher, downloads, authorization files, invoice and refund. */
export default function OrderPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('orders.detail.title')}</h1>
      </header>
      <SignedIn>
        <OrderDetail id={id} />
      </SignedIn>
    </div>
  );
}

function OrderDetail({ id }: { id: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const order = useRemote((signal) => orderCalls.detail(id, { signal }), [id, i18n.language]);
  const zh = i18n.language !== 'en';
  if (order.error) return <p className={styles.error}>{t('orders.loadFailed', { message: messageOf(order.error) })}</p>;
  if (!order.data) return <p className={styles.muted}>{t('orders.loading')}</p>;
  const o = order.data;
  const label = (table: Record<string, readonly [string, string]>, key: string) => table[key]?.[zh ? 0 : 1] ?? key;

  const download = async (itemId: number) => {
    try {
      openLink((await orderCalls.downloadOriginal(o.id, itemId)).url);
    } catch (error) {
      toast.show({ message: messageOf(error) });
    }
  };

  return (
    <>
      <section className={styles.card}>
        <OrderFacts order={o} after={<>{' '}{t(`orders.kind.${o.kind}`)}</>} />
        {o.status === 'submitted' && <p className={styles.promise}>{t('orders.quotePromise')}</p>}
        {o.status === 'paid' && <p className={styles.muted}>{t('orders.detail.waitingConfirm')}</p>}
        {o.status === 'quoted' && o.voucherRejectedReason && <p className={styles.error}>{t('orders.detail.rejected', { reason: o.voucherRejectedReason })}</p>}
        {o.status === 'closed' && o.closedReason && (
          <p className={styles.muted} data-testid="order-closed-reason">
            {t('orders.detail.closedReason', { reason: o.closedReason })}
          </p>
        )}
        {buyerMayCancel(o.status) && (
          <div className={styles.footer}>
            <CancelOrder order={o} onChanged={order.reload} />
          </div>
        )}
      </section>

      {o.product && (
        <section className={styles.card} data-testid="order-product">
          <h2 className={styles.subtitle}>{t('shop.order.title')}</h2>
          <dl className={styles.facts}>
            <dt>{t('shop.order.product')}</dt>
            <dd>{o.product.name}</dd>
            <dt>{t('shop.order.contents')}</dt>
            <dd>{[o.product.videoCount > 0 ? t('shop.contents.videos', { count: o.product.videoCount }) : '', o.product.photoCount > 0 ? t('shop.contents.photos', { count: o.product.photoCount }) : ''].filter(Boolean).join(' + ')}</dd>
            <dt>{t('shop.terms.period')}</dt>
            <dd>{t('shop.days', { days: o.product.validDays })}</dd>
            {o.licence && (
              <>
                <dt>{t('shop.licensee')}</dt>
                <dd>{o.licence.buyerCompany}</dd>
                <dt>{t('orders.putorder.licenceType')}</dt>
                <dd>{label(LICENCE_LABELS.type, o.licence.licenceType)}</dd>
              </>
            )}
          </dl>
          <p className={styles.muted}>{o.status === 'confirmed' ? t('shop.order.granted') : t('shop.order.afterConfirm')}</p>
          {o.status === 'confirmed' && (
            <Link to="/Shop" data-testid="order-product-shop">
              {t('shop.order.toShop')}
            </Link>
          )}
        </section>
      )}

      {o.licence && o.kind === 'material' && (
        <section className={styles.card}>
          <h2 className={styles.subtitle}>{t('orders.detail.licence')}</h2>
          <dl className={styles.facts}>
            <dt>{t('orders.putorder.licenceType')}</dt>
            <dd>{label(LICENCE_LABELS.type, o.licence.licenceType)}</dd>
            {/* An individual non-commercial licence names no company. */}
            {o.licence.buyerCompany && (
              <>
                <dt>{t('orders.putorder.buyerCompany')}</dt>
                <dd data-testid="order-licence-buyerCompany">{o.licence.buyerCompany}</dd>
              </>
            )}
            {o.licence.userCompany && (
              <>
                <dt>{t('orders.putorder.userCompany')}</dt>
                <dd>{o.licence.userCompany}</dd>
              </>
            )}
            <dt>{t('orders.putorder.projectName')}</dt>
            <dd>{o.licence.projectName}</dd>
            {/* Optional fields the buyer may have left empty: shown only when given. */}
            {o.licence.brand && (
              <>
                <dt>{t('orders.putorder.brand')}</dt>
                <dd data-testid="order-licence-brand">{o.licence.brand}</dd>
              </>
            )}
            <dt>{t('orders.putorder.projectType')}</dt>
            <dd>{label(LICENCE_LABELS.projectType, o.licence.projectType)}</dd>
            <dt>{t('orders.putorder.region')}</dt>
            <dd>{label(LICENCE_LABELS.region, o.licence.region)}</dd>
            <dt>{t('orders.putorder.duration')}</dt>
            <dd>{label(LICENCE_LABELS.duration, o.licence.duration)}</dd>
            <dt>{t('orders.putorder.purpose')}</dt>
            <dd>{o.licence.purpose}</dd>
            <dt>{t('orders.putorder.contact')}</dt>
            <dd>{o.licence.contact}</dd>
            {o.licence.phone && (
              <>
                <dt>{t('orders.putorder.phone')}</dt>
                <dd data-testid="order-licence-phone">{o.licence.phone}</dd>
              </>
            )}
            {o.licence.specialRequest && (
              <>
                <dt>{t('orders.detail.specialRequest')}</dt>
                <dd className={styles.note} data-testid="order-licence-note">
                  {o.licence.specialRequest}
                </dd>
              </>
            )}
          </dl>
        </section>
      )}

      {o.items.length > 0 && (
        <section className={styles.card}>
          <h2 className={styles.subtitle}>{t('orders.detail.items')}</h2>
          <div className={styles.rows}>
            {o.items.map((item) => (
              <div key={item.itemId} className={styles.row} data-testid="order-item">
                <span />
                <Thumb src={item.thumbnail} />
                <div>
                  <div className={styles.itemTitle}>{item.title}</div>
                  <div className={styles.code}>
                    {item.code}
                    {item.licence ? ` · ${item.licence.scene} · ${item.licence.channel} · ${item.licence.period} · ${item.licence.area}` : ''}
                  </div>
                </div>
                <div className={styles.actions}>
                  {item.listPriceFen !== null && item.listPriceFen !== item.priceFen && <s className={styles.muted}>{formatFen(item.listPriceFen)}</s>}
                  <span data-testid="order-item-price">{formatFen(item.priceFen)}</span>
                  {o.status === 'confirmed' && (
                    <Button variant="secondary" onClick={() => download(item.itemId)} data-testid="order-download">
                      {t('orders.detail.download')}
                    </Button>
                  )}
                </div>
              </div>
            ))}
          </div>
          {o.licence?.licenceType === 'personal' && (
            <p className={styles.muted} data-testid="order-personal-delivery">
              {t('orders.detail.personalDelivery')}
            </p>
          )}
          {o.status === 'confirmed' && <p className={styles.muted}>{t('orders.detail.transcodingNote')}</p>}
        </section>
      )}

      <section className={styles.card}>
        <dl className={styles.facts}>
          <dt>{t('orders.detail.total')}</dt>
          <dd className={styles.total} data-testid="order-total">
            {o.totalFen === null ? t('orders.detail.waitingQuote') : formatFen(o.totalFen)}
          </dd>
          {o.vipPricePercent !== null && (
            <>
              <dt />
              <dd>{t('orders.detail.vipPrice', { percent: o.vipPricePercent })}</dd>
            </>
          )}
          {o.quoteValidUntil && (
            <>
              <dt>{t('orders.detail.validUntil')}</dt>
              <dd>{chinaTime(o.quoteValidUntil)}</dd>
            </>
          )}
        </dl>
      </section>

      {o.status === 'quoted' && <PaymentForm order={o} onDone={order.reload} />}
      {o.status === 'confirmed' && o.kind !== 'vip' && o.kind !== 'product' && <Licences orderId={o.id} />}
      {o.status === 'confirmed' && <InvoiceSection order={o} onDone={order.reload} />}
      {o.status === 'confirmed' && <RefundSection order={o} onDone={order.reload} />}
    </>
  );
}

function Licences({ orderId }: { orderId: string }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const licences = useRemote((signal) => orderCalls.licences(orderId, { signal }), [orderId, i18n.language]);
  const open = async (licenceId: string) => {
    try {
      openLink((await orderCalls.licenceFile(licenceId)).url);
    } catch (error) {
      toast.show({ message: messageOf(error) });
    }
  };
  return (
    <section className={styles.card}>
      <h2 className={styles.subtitle}>{t('orders.detail.licences')}</h2>
      <div className={styles.rows}>
        {(licences.data ?? []).map((licence) => (
          <div key={licence.licenceId} className={`${styles.row} ${styles.rowPlain}`} data-testid="order-licence">
            <div>
              <div className={styles.itemTitle}>{licence.title}</div>
              <div className={styles.code}>
                {licence.code} · {t('orders.materials.code')} {licence.verificationCode}
              </div>
            </div>
            <div className={styles.actions}>
              <span className={styles.badge}>{licence.status === 'generated' ? t('orders.materials.generated') : t('orders.materials.notGenerated')}</span>
              {licence.status === 'generated' && (
                <Button variant="secondary" onClick={() => open(licence.licenceId)} data-testid="order-licence-open">
                  {t('orders.materials.openLicence')}
                </Button>
              )}
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

const INVOICE_FIELDS = ['companyName', 'taxNumber', 'bank', 'account', 'address', 'phone', 'recipient', 'recipientAddress', 'recipientPhone'] as const;

function InvoiceSection({ order, onDone }: { order: OrderView; onDone(): void }) {
  const { t, i18n } = useTranslation();
  const submitMessage = useSubmitMessage();
  const toast = useToast();
  const invoice = useRemote((signal) => orderCalls.invoiceDetail(order.id, { signal }), [order.id, order.invoiceStatus, i18n.language]);
  const [form, setForm] = useState<Omit<InvoiceForm, 'orderId'>>({ region: 'mainland', companyName: '', taxNumber: '', bank: '', account: '', address: '', phone: '', recipient: '', recipientAddress: '', recipientPhone: '' });
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing = INVOICE_FIELDS.find((f) => !form[f].trim());
    if (missing) return setError(t('orders.putorder.required', { field: t(`orders.invoice.${missing}`) }));
    try {
      await orderCalls.invoiceApply({ orderId: order.id, ...form });
      toast.show({ message: t('orders.invoice.done') });
      onDone();
    } catch (failure) {
      setError(submitMessage(failure));
    }
  };
  const download = async () => {
    try {
      openLink((await orderCalls.invoiceDownload(order.id)).url);
    } catch (failure) {
      toast.show({ message: messageOf(failure) });
    }
  };
  return (
    <section className={styles.card} data-testid="invoice-section">
      <h2 className={styles.subtitle}>{t('orders.invoice.title')}</h2>
      <p className={styles.muted}>{t('orders.invoice.note')}</p>
      {invoice.data ? (
        <div className={styles.actions}>
          <span className={styles.badge} data-testid="invoice-status">
            {t(`orders.invoice.status.${invoice.data.status}`)}
          </span>
          <span>{t('orders.invoice.amount', { amount: formatFen(invoice.data.amountFen), tax: formatFen(invoice.data.taxFen) })}</span>
          {invoice.data.status === 'downloadable' && (
            <Button variant="secondary" onClick={download} data-testid="invoice-download">
              {t('orders.invoice.download')}
            </Button>
          )}
        </div>
      ) : (
        invoice.data === null &&
        !invoice.loading && (
          <form className={styles.form} onSubmit={submit} noValidate>
            <label className={styles.field}>
              <span>{t('orders.invoice.region')} *</span>
              <select value={form.region} onChange={(e) => setForm({ ...form, region: e.target.value as InvoiceForm['region'] })} data-testid="invoice-region">
                {(['mainland', 'hong-kong', 'macao', 'taiwan', 'overseas'] as const).map((r) => (
                  <option key={r} value={r}>
                    {t(`orders.invoice.regions.${r}`)}
                  </option>
                ))}
              </select>
            </label>
            {INVOICE_FIELDS.map((f) => (
              <label key={f} className={styles.field}>
                <span>{t(`orders.invoice.${f}`)} *</span>
                <input value={form[f]} onChange={(e) => setForm({ ...form, [f]: e.target.value })} data-testid={`invoice-${f}`} />
              </label>
            ))}
            {error && <p className={`${styles.wide} ${styles.error}`} data-testid="invoice-error">{error}</p>}
            <div className={`${styles.wide} ${styles.footer}`}>
              <Button type="submit" data-testid="invoice-submit">
                {t('orders.invoice.submit')}
              </Button>
            </div>
          </form>
        )
      )}
    </section>
  );
}

function RefundSection({ order, onDone }: { order: OrderView; onDone(): void }) {
  const { t } = useTranslation();
  const submitMessage = useSubmitMessage();
  const toast = useToast();
  const [description, setDescription] = useState('');
  const [error, setError] = useState('');
  if (order.refundStatus) {
    return (
      <section className={styles.card}>
        <h2 className={styles.subtitle}>{t('orders.refund.title')}</h2>
        <span className={styles.badge}>{t(`orders.refund.status.${order.refundStatus}`)}</span>
      </section>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim()) return setError(t('orders.putorder.required', { field: t('orders.refund.description') }));
    try {
      await orderCalls.refund(order.id, description);
      toast.show({ message: t('orders.refund.done') });
      onDone();
    } catch (failure) {
      setError(submitMessage(failure));
    }
  };
  return (
    <section className={styles.card}>
      <h2 className={styles.subtitle}>{t('orders.refund.title')}</h2>
      <p className={styles.muted}>{t('orders.refund.note')}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label className={`${styles.field} ${styles.wide}`}>
          <span>{t('orders.refund.description')}</span>
          <textarea value={description} onChange={(e) => setDescription(e.target.value)} data-testid="refund-description" />
        </label>
        {error && <p className={`${styles.wide} ${styles.error}`}>{error}</p>}
        <div className={`${styles.wide} ${styles.footer}`}>
          <Button type="submit" variant="secondary">
            {t('orders.refund.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
