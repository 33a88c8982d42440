import type { OrderView } from '@mkt/contracts/web';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderCalls } from '../../api/orderCalls';
import { CANCEL_REASONS, CANCEL_REASON_MAX, type CancelReason, buyerMayCancel, cancelReasonText } from '../../orders/orderCancel';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/toast/ToastProvider';
import { useSubmitMessage } from './common';
import styles from './CancelOrder.module.css';

/**
 * "Cancel order" for an order not yet paid (on /Order, /Order2 and /OrderList): a reason from the
 * list or the buyer's own words, then /order/cancel. `onChanged` reloads the page's data, after a
 * cancel and also after a refusal, since a refusal means the order moved on meanwhile.
 */
export function CancelOrder({ order, onChanged }: { order: Pick<OrderView, 'id' | 'orderNo' | 'status'>; onChanged(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const submitMessage = useSubmitMessage();
  const otherId = useId();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<CancelReason | null>(null);
  const [other, setOther] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [stale, setStale] = useState(false);
  if (!buyerMayCancel(order.status)) return null;

  const start = () => {
    setChoice(null);
    setOther('');
    setError('');
    setStale(false);
    setOpen(true);
  };
  const close = () => {
    setOpen(false);
    if (stale) onChanged();
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = cancelReasonText(choice, other, (reason) => t(`orders.cancel.reasons.${reason}`));
    if (!result.ok) return setError(t(`orders.cancel.problems.${result.problem}`, { max: CANCEL_REASON_MAX }));
    setBusy(true);
    try {
      await orderCalls.cancel(order.id, result.reason);
      setOpen(false);
      toast.show({ message: t('orders.cancel.done', { orderNo: order.orderNo }) });
      onChanged();
    } catch (failure) {
      setError(submitMessage(failure));
      setStale(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="secondary" onClick={start} data-testid="order-cancel">
        {t('orders.detail.cancelOrder')}
      </Button>
      <Dialog open={open} title={t('orders.cancel.title', { orderNo: order.orderNo })} onClose={close} closeLabel={t('orders.cancel.close')} testId="order-cancel-dialog">
        <form className={styles.form} onSubmit={submit} noValidate>
          <p className={styles.note}>{t('orders.cancel.body')}</p>
          <fieldset className={styles.reasons}>
            <legend className={styles.legend}>{t('orders.detail.cancelReason')}</legend>
            {CANCEL_REASONS.map((reason) => (
              <label key={reason} className={styles.reason}>
                <input
                  type="radio"
                  name="cancelReason"
                  value={reason}
                  checked={choice === reason}
                  onChange={() => {
                    setChoice(reason);
                    setError('');
                  }}
                  data-testid={`order-cancel-reason-${reason}`}
                />
                {t(`orders.cancel.reasons.${reason}`)}
              </label>
            ))}
          </fieldset>
          {choice === 'other' && (
            <div className={styles.other}>
              <label htmlFor={otherId}>{t('orders.cancel.otherLabel')}</label>
              <input
                id={otherId}
                value={other}
                maxLength={CANCEL_REASON_MAX}
                onChange={(e) => {
                  setOther(e.target.value);
                  setError('');
                }}
                autoFocus
                data-testid="order-cancel-other"
              />
            </div>
          )}
          {error && (
            <p className={styles.error} role="alert" data-testid="order-cancel-error">
              {error}
            </p>
          )}
          <div className={styles.buttons}>
            <Button variant="secondary" onClick={close}>
              {t('orders.cancel.back')}
            </Button>
            <Button type="submit" disabled={busy} data-testid="order-cancel-confirm">
              {t('orders.cancel.confirm')}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
