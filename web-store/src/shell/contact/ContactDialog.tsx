import { useTranslation } from 'react-i18next';
import { Dialog } from '../../ui/Dialog';
import { ContactDetails } from './ContactDetails';
import styles from './ContactDialog.module.css';
import { ServiceQrCode } from './ServiceQrCode';

export function ContactDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} title={t('contact.dialogTitle')} closeLabel={t('contact.close')} testId="contact-dialog" width={520}>
      <p className={styles.intro}>{t('contact.dialogIntro')}</p>
      <div className={styles.body}>
        {open && <ContactDetails testIdPrefix="contact-dialog" />}
        <ServiceQrCode size={120} />
      </div>
    </Dialog>
  );
}
