import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useContactDialog } from '../../shell/contact/ContactDialogProvider';
import { siteContacts } from '../../shell/contact/siteContacts';
import { Button } from '../../ui/Button';
import { FilmIcon, ImageIcon, ShieldIcon } from '../../ui/icons';
import styles from './InfoPage.module.css';

/** /About: the company, contributors and how to reach us. */
export default function AboutPage() {
  const { t } = useTranslation();
  const contact = useContactDialog();
  const stats = [
    { icon: <FilmIcon size={22} />, label: t('about.stats.footage'), value: t('about.stats.footageValue') },
    { icon: <ImageIcon size={22} />, label: t('about.stats.photos'), value: t('about.stats.photosValue') },
    { icon: <ShieldIcon size={22} />, label: t('about.stats.license'), value: t('about.stats.licenseValue') },
  ];
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        <h1 className={styles.title}>{t('about.title')}</h1>
        <p className={styles.lead}>{t('about.lead')}</p>
      </header>
      <div className={styles.stats}>
        {stats.map((stat) => (
          <div key={stat.label} className={styles.stat}>
            <span className={styles.statIcon}>{stat.icon}</span>
            <span className={styles.statValue}>{stat.value}</span>
            <span className={styles.muted}>{stat.label}</span>
          </div>
        ))}
      </div>
      <section className={styles.block}>
        <h2 className={styles.blockTitle}>{t('about.missionTitle')}</h2>
        <p>{t('about.missionBody')}</p>
      </section>
      <section className={styles.block}>
        <h2 className={styles.blockTitle}>{t('about.contributorsTitle')}</h2>
        <p>{t('about.contributorsBody')}</p>
        <Link to="/join" className={styles.textLink}>
          {t('about.joinLink')} →
        </Link>
      </section>
      <aside className={styles.contact}>
        <div>
          <h2 className={styles.contactTitle}>{t('about.contactTitle')}</h2>
          <p className={styles.muted}>{t('about.contactBody')}</p>
          <p className={styles.contactLine}>
            {t('contact.hotline')}：<a href={siteContacts.hotlineHref}>{siteContacts.hotline}</a>（{t('contact.hours')}）
          </p>
          <p className={styles.contactLine}>
            {t('contact.email')}：<a href={`mailto:${siteContacts.businessEmail}`}>{siteContacts.businessEmail}</a>
          </p>
        </div>
        <Button onClick={contact.open}>{t('faq.contactButton')}</Button>
      </aside>
    </div>
  );
}
