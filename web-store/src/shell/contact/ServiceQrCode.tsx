import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import styles from './ServiceQrCode.module.css';
import { siteContacts } from './siteContacts';

export function ServiceQrCode({ size = 112, layout = 'column' }: { size?: number; layout?: 'column' | 'row' }) {
  const { t } = useTranslation();
  return (
    <figure className={layout === 'row' ? `${styles.figure} ${styles.row}` : styles.figure}>
      <div className={styles.code}>
        <QRCodeSVG value={siteContacts.serviceQrUrl} size={size} level="M" title={t('contact.qrLabel')} />
      </div>
      <figcaption className={styles.caption}>{t('contact.scanQr')}</figcaption>
    </figure>
  );
}
