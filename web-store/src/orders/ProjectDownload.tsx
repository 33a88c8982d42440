import { ErrorCode } from '@mkt/contracts/web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ApiError, serverMessageOr } from '../api/client';
import { openLink, orderCalls } from '../api/orderCalls';
import { projectCalls } from '../api/projectCalls';
import { useSession } from '../session/SessionProvider';
import { showsDownloadList } from '../session/userRoles';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { DownloadIcon } from '../ui/icons';
import { useToast } from '../ui/toast/ToastProvider';
import { projectAllowance } from './projectAllowance';
import styles from './ProjectDownload.module.css';

/** Licensing issues the download right a moment after the born-confirmed order: ask again briefly. */
const RIGHT_WAIT_TRIES = 12;
const RIGHT_WAIT_MS = 500;

export async function signedLinkWhenReady(orderId: string, itemId: number): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await orderCalls.downloadOriginal(orderId, itemId)).url;
    } catch (error) {
      const notYet = error instanceof ApiError && error.code === ErrorCode.ENTITLEMENT_NOT_FOUND;
      if (!notYet || attempt >= RIGHT_WAIT_TRIES) throw error;
      await new Promise((resolve) => setTimeout(resolve, RIGHT_WAIT_MS));
    }
  }
}

/**
 * "Download with project" on a video or photo detail page, for customers whose enterprise project
 * is in progress: one confirmation, then the project licenses the material and the file downloads.
 */
export function ProjectDownload({ materialId, kind }: { materialId: number; kind: 'video' | 'photo' }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user, project, reloadProject } = useSession();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!project || !showsDownloadList(user, project)) return null;
  const { left } = projectAllowance(project, kind);
  const canDownload = kind === 'video' ? project.videoCanDownload : project.photoCanDownload;

  const download = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const result = await projectCalls.download(materialId);
      toast.show({ message: result.alreadyLicensed ? t('orders.downloads.alreadyLicensed') : t('orders.downloads.licensed') });
      reloadProject();
      openLink(await signedLinkWhenReady(result.orderId, result.itemId));
    } catch (error) {
      toast.show({ message: serverMessageOr(error, t('card.actionFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.box} data-testid="project-download">
      <Button variant="secondary" size="lg" block onClick={() => setConfirming(true)} disabled={busy} data-testid="project-download-button">
        <DownloadIcon size={18} />
        {t('orders.downloads.withProject')}
      </Button>
      <p className={styles.note}>
        {canDownload ? t(`orders.downloads.leftOf.${kind}`, { left }) : t('orders.downloads.noneLeft')}{' '}
        <Link to="/DownloadList">{t('header.downloadList')}</Link>
      </p>
      <Dialog open={confirming} title={t('orders.downloads.confirmTitle')} onClose={() => setConfirming(false)} testId="project-download-dialog">
        <p>{t(`orders.downloads.confirmBody.${kind}`, { project: project.name, left })}</p>
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('orders.putorder.cancel')}
          </Button>
          <Button onClick={download} data-testid="project-download-confirm">
            {t('orders.downloads.confirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
