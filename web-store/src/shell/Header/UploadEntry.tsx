import { useTranslation } from 'react-i18next';
import { useSession } from '../../session/SessionProvider';
import { isContributor } from '../../session/userRoles';
import { useUploadPanel } from '../UploadPanel/UploadPanelProvider';
import styles from './UploadEntry.module.css';

/** The header's upload entry: contributors open the upload panel from here. */
export function UploadEntry() {
  const { t } = useTranslation();
  const { user } = useSession();
  const panel = useUploadPanel();
  if (!isContributor(user)) return null;
  return (
    <button type="button" className={styles.entry} onClick={panel.openPanel} data-testid="header-upload">
      {t('uploads.entry')}
    </button>
  );
}
