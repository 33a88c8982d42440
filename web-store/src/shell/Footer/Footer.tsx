import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from '../../ui/Logo';
import { useContactDialog } from '../contact/ContactDialogProvider';
import { siteContacts } from '../contact/siteContacts';
import styles from './Footer.module.css';

const columns = [
  {
    title: 'footer.explore',
    links: [
      { to: '/SearchResult?type=video', label: 'nav.video' },
      { to: '/ImgSearchResult?type=pic', label: 'nav.photo' },
      { to: '/Music', label: 'nav.music' },
      { to: '/ActivityList', label: 'nav.contest' },
      { to: '/OriginList', label: 'footer.originals' },
      { to: '/CaseList', label: 'footer.cases' },
    ],
  },
  {
    title: 'footer.service',
    links: [
      { to: '/Questions', label: 'footer.faq' },
      { to: '/Vip', label: 'footer.vip' },
      { to: '/Shop', label: 'shop.title' },
      { to: '/About', label: 'footer.about' },
    ],
  },
  {
    title: 'footer.contributors',
    links: [
      { to: '/join', label: 'footer.join' },
      { to: '/howToUseUploadTool', label: 'footer.uploadGuide' },
      { to: '/howToGetHighQualityVideo', label: 'footer.qualityGuide' },
      { to: '/howToGetMoreSaleChance', label: 'footer.salesGuide' },
    ],
  },
] as const;

export function Footer() {
  const { t } = useTranslation();
  const contactDialog = useContactDialog();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <div className={styles.top}>
          <div className={styles.brand}>
            <Logo name={t('site.name')} />
            <p className={styles.tagline}>{t('footer.tagline')}</p>
            <div className={styles.social} aria-label={t('footer.follow')} role="group">
              {siteContacts.social.map((item) => (
                <a key={item.key} className={styles.socialLink} href={item.href} target="_blank" rel="noopener noreferrer">
                  {t(`footer.${item.key}`)}
                </a>
              ))}
            </div>
          </div>
          {columns.map((column) => (
            <nav key={column.title} className={styles.column} aria-label={t(column.title)}>
              <h2 className={styles.columnTitle}>{t(column.title)}</h2>
              {column.links.map((link) => (
                <Link key={link.to} className={styles.link} to={link.to}>
                  {t(link.label)}
                </Link>
              ))}
              {column.title === 'footer.service' && (
                <button type="button" className={styles.linkButton} onClick={contactDialog.open} data-testid="footer-contact">
                  {t('footer.contact')}
                </button>
              )}
            </nav>
          ))}
        </div>
        <div className={styles.bottom}>
          <p className={styles.business}>
            {t('footer.businessLine', {
              email: siteContacts.businessEmail,
              hotline: siteContacts.hotline,
              hours: t('contact.hours'),
            })}
          </p>
          <p className={styles.legal}>
            <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
            <a href={siteContacts.icpUrl} target="_blank" rel="noopener noreferrer">
              {t('footer.icp', { number: siteContacts.icpNumber })}
            </a>
            <a href={siteContacts.policeUrl} target="_blank" rel="noopener noreferrer">
              {t('footer.police', { number: siteContacts.policeNumber })}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
