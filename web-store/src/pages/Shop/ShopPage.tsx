import { LICENCE_LABELS, formatFen, type DownloadPackView, type ShopProductView } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { shopCalls } from '../../api/shopCalls';
import { useRemote } from '../../catalogue/useRemote';
import { currentLanguage } from '../../i18n/i18n';
import { useVipRule } from '../../orders/vipRule';
import { useSession } from '../../session/SessionProvider';
import { buttonClass } from '../../ui/Button';
import { chinaTime, messageOf } from '../Orders/common';
import styles from './Shop.module.css';

/** A licence label in the page's language (the contract keeps both). */
export function licenceLabel(table: Record<string, readonly [string, string]>, value: string): string {
  const pair = table[value];
  return pair ? pair[currentLanguage() === 'en' ? 1 : 0] : value;
}

/** /Shop (M): download packs at a fixed price, the VIP plan, and the buyer's own packs. */
export default function ShopPage() {
  const { t, i18n } = useTranslation();
  const vip = useVipRule();
  const shop = useRemote((signal) => shopCalls.list({ signal }), [i18n.language]);
  return (
    <div className={styles.page} data-testid="shop-page">
      <header className={styles.head}>
        <h1 className={styles.title}>{t('shop.title')}</h1>
        <p className={styles.lead}>{t('shop.lead')}</p>
      </header>
      <MyPacks />
      {shop.error ? <p className={styles.error}>{t('orders.loadFailed', { message: messageOf(shop.error) })}</p> : null}
      {!shop.data && !shop.error ? <p className={styles.muted}>{t('orders.loading')}</p> : null}
      {shop.data && (
        <>
          <h2 className={styles.sectionTitle}>{t('shop.packs')}</h2>
          {shop.data.products.length === 0 ? (
            <p className={styles.muted}>{t('shop.empty')}</p>
          ) : (
            <ul className={styles.grid}>
              {shop.data.products.map((product) => (
                <ProductCard key={product.id} product={product} />
              ))}
            </ul>
          )}
          <h2 className={styles.sectionTitle}>{t('shop.memberships')}</h2>
          <ul className={styles.grid}>
            <li className={`${styles.card} ${styles.vipCard}`} data-testid="shop-vip">
              <h3 className={styles.cardTitle}>{t('shop.vip.name')}</h3>
              <p className={styles.price}>{formatFen(shop.data.vip.priceFen)}</p>
              <p className={styles.muted} data-testid="shop-vip-rule">{vip.rule}</p>
              <p className={styles.muted}>{t('shop.vip.term', { days: shop.data.vip.days })}</p>
              <Link className={buttonClass('primary')} to="/Vip" data-testid="shop-vip-link">
                {t('shop.vip.open')}
              </Link>
            </li>
          </ul>
        </>
      )}
    </div>
  );
}

export function packContents(t: (key: 'shop.contents.videos' | 'shop.contents.photos', options: { count: number }) => string, product: { videoCount: number; photoCount: number }): string {
  const parts: string[] = [];
  if (product.videoCount > 0) parts.push(t('shop.contents.videos', { count: product.videoCount }));
  if (product.photoCount > 0) parts.push(t('shop.contents.photos', { count: product.photoCount }));
  return parts.join(' + ');
}

function ProductCard({ product }: { product: ShopProductView }) {
  const { t } = useTranslation();
  return (
    <li className={styles.card} data-testid="shop-product">
      <h3 className={styles.cardTitle}>{product.name}</h3>
      <p className={styles.contents}>{packContents(t, product)}</p>
      <p className={styles.price}>{formatFen(product.priceFen)}</p>
      <p className={styles.muted}>
        {t('shop.validDays', { days: product.validDays })} · {licenceLabel(LICENCE_LABELS.type, product.licenceType)}
      </p>
      <Link className={buttonClass('secondary')} to={`/ProductDetail?id=${product.id}`} data-testid="shop-product-link">
        {t('shop.details')}
      </Link>
    </li>
  );
}

/** The signed-in buyer's packs with what is left; nothing for visitors or buyers without one. */
function MyPacks() {
  const { t, i18n } = useTranslation();
  const { user } = useSession();
  const packs = useRemote((signal) => (user ? shopCalls.packs({ signal }) : Promise.resolve(null)), [user?.id, i18n.language]);
  if (!packs.data || packs.data.packs.length === 0) return null;
  return (
    <section className={styles.mine} data-testid="shop-my-packs">
      <h2 className={styles.sectionTitle}>{t('shop.mine.title')}</h2>
      <p className={styles.muted} data-testid="shop-my-left">
        {t('shop.mine.left', { videos: packs.data.videoLeft, photos: packs.data.photoLeft })}
      </p>
      <ul className={styles.packList}>
        {packs.data.packs.map((pack) => (
          <PackRow key={pack.id} pack={pack} />
        ))}
      </ul>
    </section>
  );
}

function PackRow({ pack }: { pack: DownloadPackView }) {
  const { t } = useTranslation();
  return (
    <li className={styles.packRow} data-testid="shop-my-pack" data-active={pack.active}>
      <span className={styles.packName}>{pack.name}</span>
      <span>
        {pack.videoTotal > 0 && t('shop.mine.videos', { used: pack.videoUsed, total: pack.videoTotal })}
        {pack.videoTotal > 0 && pack.photoTotal > 0 && ' · '}
        {pack.photoTotal > 0 && t('shop.mine.photos', { used: pack.photoUsed, total: pack.photoTotal })}
      </span>
      <span className={styles.muted}>{pack.active ? t('shop.mine.until', { date: chinaTime(pack.validUntil) }) : t('shop.mine.ended')}</span>
    </li>
  );
}
