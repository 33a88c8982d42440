import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '../../ui/Logo';
import { CartMenu } from './CartMenu';
import { CollectionsMenu } from './CollectionsMenu';
import { NotificationsMenu } from './NotificationsMenu';
import styles from './Header.module.css';
import { LanguageToggle } from './LanguageToggle';
import { MobileMenu } from './MobileMenu';
import { PrimaryNav } from './PrimaryNav';
import { SearchForm } from './SearchForm';
import { UploadEntry } from './UploadEntry';
import { UserMenu } from './UserMenu';

export function Header() {
  const { t } = useTranslation();
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
          <CartMenu />
          <CollectionsMenu />
          <NotificationsMenu />
          <UserMenu />
          <LanguageToggle />
          <MobileMenu />
        </div>
      </div>
    </header>
  );
}
