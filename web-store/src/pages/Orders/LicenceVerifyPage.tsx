import type { LicenceVerification } from '@mkt/contracts/web';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { orderCalls } from '../../api/orderCalls';
import { Button } from '../../ui/Button';
import { messageOf } from './common';
import styles from './Orders.module.css';

/** /LicenceVerify?code=: public check of an authorization file's verification code. */
export default function LicenceVerifyPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const initial = params.get('code') ?? '';
  const [code, setCode] = useState(initial);
  const [result, setResult] = useState<LicenceVerification | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!initial) return;
    let live = true;
    orderCalls
      .verify(initial)
      .then((r) => live && setResult(r))
      .catch((e: unknown) => live && setError(messageOf(e)));
    return () => {
      live = false;
    };
  }, [initial]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError('');
    setResult(null);
    setParams({ code: code.trim() });
  };
  const l = result?.licence;
  return (
    <div className={`${styles.page} ${styles.narrow}`}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('orders.verify.title')}</h1>
      </header>
      <form className={styles.form} onSubmit={submit}>
        <label className={styles.field}>
          <span>{t('orders.verify.code')}</span>
          <input value={code} onChange={(e) => setCode(e.target.value)} data-testid="verify-code" />
        </label>
        <div className={styles.actions} style={{ alignSelf: 'end' }}>
          <Button type="submit" data-testid="verify-submit">
            {t('orders.verify.check')}
          </Button>
        </div>
      </form>
      {error && <p className={styles.error}>{error}</p>}
      {result && (
        <section className={styles.card} style={{ marginTop: 20 }} data-testid="verify-result">
          <p className={result.valid ? `${styles.total} ${styles.ok}` : styles.error}>{result.valid ? t('orders.verify.valid') : t('orders.verify.invalid')}</p>
          {l && (
            <dl className={styles.facts}>
              <dt>{t('orders.verify.orderNo')}</dt>
              <dd>{l.orderNo}</dd>
              <dt>{t('orders.verify.material')}</dt>
              <dd>
                {l.materialCode} · {l.title}
              </dd>
              <dt>{t('orders.verify.type')}</dt>
              <dd>{l.licenceType}</dd>
              <dt>{t('orders.verify.region')}</dt>
              <dd>{l.region}</dd>
              <dt>{t('orders.verify.duration')}</dt>
              <dd>{l.duration}</dd>
              <dt>{t('orders.verify.licensee')}</dt>
              <dd>{l.licensee}</dd>
              <dt>{t('orders.verify.issuedAt')}</dt>
              <dd>{l.issuedAt}</dd>
            </dl>
          )}
        </section>
      )}
    </div>
  );
}
