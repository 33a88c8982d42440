import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../ui/CopyButton';
import { MailIcon, PhoneIcon } from '../../ui/icons';
import styles from './ContactDetails.module.css';
import { siteContacts } from './siteContacts';

/** Hotline with its hours and the business e-mail with a copy action. */
export function ContactDetails({ testIdPrefix }: { testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <dl className={styles.list}>
      <div className={styles.row}>
        <dt className={styles.label}>
          <PhoneIcon size={16} />
          {t('contact.hotline')}
        </dt>
        <dd className={styles.value}>
          <a className={styles.hotline} href={siteContacts.hotlineHref}>
            {siteContacts.hotline}
          </a>
          <span className={styles.hours}>{t('contact.hours')}</span>
        </dd>
      </div>
      <div className={styles.row}>
        <dt className={styles.label}>
          <MailIcon size={16} />
          {t('contact.email')}
        </dt>
        <dd className={`${styles.value} ${styles.emailLine}`}>
          <a className={styles.email} href={`mailto:${siteContacts.businessEmail}`}>
            {siteContacts.businessEmail}
          </a>
          <CopyButton
            text={siteContacts.businessEmail}
            labels={{ copy: t('contact.copy'), copied: t('contact.copied'), failed: t('contact.copyFailed') }}
            testId={`${testIdPrefix}-copy-email`}
          />
        </dd>
      </div>
    </dl>
  );
}
