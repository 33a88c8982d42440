import { useCallback, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HeadsetIcon } from '../../ui/icons';
import { useDismiss } from '../../ui/useDismiss';
import { ContactDetails } from '../contact/ContactDetails';
import { useContactDialog } from '../contact/ContactDialogProvider';
import { ServiceQrCode } from '../contact/ServiceQrCode';
import styles from './ConsultPanel.module.css';

/** Purchase consultation: opens on hover for mice and on tap for touch screens. */
export function ConsultPanel({ toolClassName }: { toolClassName: string }) {
  const { t } = useTranslation();
  const contactDialog = useContactDialog();
  const [pinned, setPinned] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const unpin = useCallback(() => setPinned(false), []);
  useDismiss(wrapper, pinned, unpin);

  return (
    <div className={`${styles.wrapper} ${pinned ? styles.pinned : ''}`} ref={wrapper}>
      <button
        type="button"
        className={toolClassName}
        aria-label={t('toolbar.consult')}
        aria-expanded={pinned}
        aria-controls={panelId}
        onClick={() => setPinned((value) => !value)}
        data-testid="toolbar-consult"
      >
        <HeadsetIcon />
      </button>
      <div className={styles.panel} id={panelId} data-testid="consult-panel">
        <h2 className={styles.title}>{t('toolbar.consult')}</h2>
        <ContactDetails testIdPrefix="consult" />
        <div className={styles.qr}>
          <ServiceQrCode size={96} layout="row" />
        </div>
        <button
          type="button"
          className={styles.more}
          onClick={() => {
            setPinned(false);
            contactDialog.open();
          }}
        >
          {t('contact.openDialog')}
        </button>
      </div>
    </div>
  );
}
