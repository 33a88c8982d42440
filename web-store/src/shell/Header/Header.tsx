import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePreferenceCounts } from '../../session/PreferenceCountsProvider';
import { CartIcon } from '../../ui/icons';
import { Logo } from '../../ui/Logo';
import { cartCount } from './badgeCounts';
import { CollectionsMenu } from './CollectionsMenu';
import { GatedIconLink } from './GatedIconLink';
import styles from './Header.module.css';
import { LanguageToggle } from './LanguageToggle';
import { MobileMenu } from './MobileMenu';
import { PrimaryNav } from './PrimaryNav';
import { SearchForm } from './SearchForm';
import { UploadEntry } from './UploadEntry';
import { UserMenu } from './UserMenu';

export function Header() {
  const { t } = useTranslation();
  const { counts } = usePreferenceCounts();
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.brand} aria-label={t('site.homeLink')}>
          <Logo name={t('site.name')} />
        </Link>
        <div className={styles.nav}>
          <PrimaryNav layout="row" />
        </div>
        <div className={styles.search}>
          <SearchForm />
        </div>
        <div className={styles.actions}>
          <UploadEntry />
          <GatedIconLink
            to="/Cart"
            label={t('header.cart')}
            icon={<CartIcon size={21} />}
            count={cartCount(counts)}
            gate="cart"
            badgeTestId="cart-badge"
          />
          <CollectionsMenu />
          <UserMenu />
          <LanguageToggle />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
