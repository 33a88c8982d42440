import { LICENCE_LABELS, SHOP_LIMITS, formatFen, type ShopProductView } from '@mkt/contracts/web';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { loginUrlReturningTo } from '../../api/authLoss';
import { shopCalls } from '../../api/shopCalls';
import { useRemote } from '../../catalogue/useRemote';
import { useSession } from '../../session/SessionProvider';
import { Button, buttonClass } from '../../ui/Button';
import { messageOf, useSubmitMessage } from '../Orders/common';
import { licenceLabel, packContents } from './ShopPage';
import styles from './Shop.module.css';

/** The id of the query, when it is one the server could hold; anything else is "no such product". */
function productIdOf(value: string | null): number | null {
  return value && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647 ? Number(value) : null;
}

/** /ProductDetail?id=: one product, its terms, and buying it (the order is paid on /Order). */
export default function ProductDetailPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = productIdOf(params.get('id'));
  const product = useRemote((signal) => (id === null ? Promise.resolve(null) : shopCalls.detail(id, { signal })), [id, i18n.language]);
  return (
    <div className={`${styles.page} ${styles.narrow}`} data-testid="product-detail-page">
      <p>
        <Link to="/Shop" className={styles.back}>
          ← {t('shop.title')}
        </Link>
      </p>
      {product.loading && <p className={styles.muted}>{t('orders.loading')}</p>}
      {!product.loading && !product.data && (
        <p className={styles.error} data-testid="product-missing">
          {product.error ? messageOf(product.error) : t('shop.missing')}
        </p>
      )}
      {product.data && <Product product={product.data} />}
    </div>
  );
}

function Product({ product }: { product: ShopProductView }) {
  const { t } = useTranslation();
  return (
    <article className={styles.detail}>
      <h1 className={styles.title} data-testid="product-name">
        {product.name}
      </h1>
      <p className={styles.contents}>{packContents(t, product)}</p>
      <p className={styles.priceLarge} data-testid="product-price">
        {formatFen(product.priceFen)}
      </p>
      {product.description && <p className={styles.description}>{product.description}</p>}
      <dl className={styles.terms}>
        <dt>{t('shop.terms.period')}</dt>
        <dd>{t('shop.days', { days: product.validDays })}</dd>
        <dt>{t('shop.terms.licence')}</dt>
        <dd>{licenceLabel(LICENCE_LABELS.type, product.licenceType)}</dd>
        <dt>{t('shop.terms.region')}</dt>
        <dd>{licenceLabel(LICENCE_LABELS.region, product.region)}</dd>
        <dt>{t('shop.terms.duration')}</dt>
        <dd>{licenceLabel(LICENCE_LABELS.duration, product.duration)}</dd>
      </dl>
      <p className={styles.muted}>{t('shop.how')}</p>
      <BuyForm product={product} />
    </article>
  );
}

function BuyForm({ product }: { product: ShopProductView }) {
  const { t } = useTranslation();
  const { status } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const submitMessage = useSubmitMessage();
  const [licensee, setLicensee] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (status !== 'signedIn') {
    return (
      <Link className={buttonClass('primary', 'lg')} to={loginUrlReturningTo(location.pathname + location.search)} data-testid="product-sign-in">
        {t('shop.signInToBuy')}
      </Link>
    );
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!licensee.trim()) {
      setError(t('shop.licenseeRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const order = await shopCalls.order(product.id, licensee.trim());
      navigate(`/Order?id=${order.orderId}`);
    } catch (failure) {
      setError(submitMessage(failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className={styles.buy} onSubmit={submit} noValidate>
      <label className={styles.label} htmlFor="shop-licensee">
        {t('shop.licensee')}
      </label>
      <input
        id="shop-licensee"
        className={styles.input}
        value={licensee}
        maxLength={SHOP_LIMITS.licenseeMax}
        onChange={(event) => setLicensee(event.target.value)}
        placeholder={t('shop.licenseeHint')}
        aria-invalid={error ? true : undefined}
        data-testid="product-licensee"
      />
      {error && (
        <p className={styles.error} role="alert" data-testid="product-error">
          {error}
        </p>
      )}
      <Button type="submit" size="lg" disabled={busy} data-testid="product-buy">
        {t('shop.buy', { price: formatFen(product.priceFen) })}
      </Button>
    </form>
  );
}
