import type { OrderView } from '@mkt/contracts/web';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { orderCalls } from '../../api/orderCalls';
import { Button } from '../../ui/Button';
import { FilePicker } from '../../ui/FilePicker';
import { useToast } from '../../ui/toast/ToastProvider';
import { useSubmitMessage } from './common';
import styles from './Orders.module.css';

/** Payment by bank transfer: the payer's account name and the voucher, for an order awaiting payment (/Order, /VipOrder). */
export function PaymentForm({ order, onDone }: { order: OrderView; onDone(): void }) {
  const { t } = useTranslation();
  const submitMessage = useSubmitMessage();
  const toast = useToast();
  const [accountName, setAccountName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!accountName.trim() || !file) return setError(t('orders.pay.required'));
    try {
      await orderCalls.pay(order.id, accountName, file);
      toast.show({ message: t('orders.pay.done') });
      onDone();
    } catch (failure) {
      setError(submitMessage(failure));
    }
  };
  return (
    <section className={styles.card}>
      <h2 className={styles.subtitle}>{t('orders.pay.title')}</h2>
      <p className={styles.muted}>{t('orders.pay.account')}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <label className={styles.field}>
          <span>{t('orders.pay.accountName')} *</span>
          <input value={accountName} onChange={(e) => setAccountName(e.target.value)} data-testid="pay-account-name" />
        </label>
        <div className={styles.field}>
          <span>{t('orders.pay.voucher')} *</span>
          <FilePicker accept="image/jpeg,image/png" file={file} onChoose={setFile} testId="pay-voucher" />
        </div>
        <p className={`${styles.wide} ${styles.muted}`}>{t('orders.pay.voucherHint')}</p>
        {error && <p className={`${styles.wide} ${styles.error}`} data-testid="pay-error">{error}</p>}
        <div className={`${styles.wide} ${styles.footer}`}>
          <Button type="submit" data-testid="pay-submit">
            {t('orders.pay.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

