import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { openLink } from '../api/orderCalls';
import { shopCalls } from '../api/shopCalls';
import { useRemote } from '../catalogue/useRemote';
import { messageOf } from '../pages/Orders/common';
import { useSession } from '../session/SessionProvider';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { DownloadIcon } from '../ui/icons';
import { useToast } from '../ui/toast/ToastProvider';
import { signedLinkWhenReady } from './ProjectDownload';
import styles from './ProjectDownload.module.css';

/**
 * "Download with pack" on a video or photo detail page, for buyers with a download pack that
 * still has this kind left: one confirmation, then the pack licenses the material, the count
 * left goes down and the file downloads. Nothing shows for anyone else.
 */
export function PackDownload({ materialId, kind }: { materialId: number; kind: 'video' | 'photo' }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const packs = useRemote((signal) => (user ? shopCalls.packs({ signal }) : Promise.resolve(null)), [user?.id]);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const left = packs.data ? (kind === 'video' ? packs.data.videoLeft : packs.data.photoLeft) : 0;
  if (!user || !packs.data || packs.data.packs.every((pack) => !pack.active)) return null;

  const download = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      const result = await shopCalls.download(materialId);
      const remaining = kind === 'video' ? result.videoLeft : result.photoLeft;
      toast.show({ message: result.alreadyLicensed ? t('shop.pack.alreadyLicensed') : t(`shop.pack.licensed.${kind}`, { left: remaining }) });
      packs.reload();
      openLink(await signedLinkWhenReady(result.orderId, result.itemId));
    } catch (error) {
      toast.show({ message: messageOf(error) || t('card.actionFailed') });
      packs.reload();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.box} data-testid="pack-download">
      <Button variant="secondary" size="lg" block onClick={() => setConfirming(true)} disabled={busy || left === 0} data-testid="pack-download-button">
        <DownloadIcon size={18} />
        {t('shop.pack.withPack')}
      </Button>
      <p className={styles.note} data-testid="pack-download-left">
        {t(`shop.pack.left.${kind}`, { left })} <Link to="/Shop">{t('shop.title')}</Link>
      </p>
      <Dialog open={confirming} title={t('shop.pack.confirmTitle')} onClose={() => setConfirming(false)} testId="pack-download-dialog">
        <p>{t(`shop.pack.confirmBody.${kind}`, { left })}</p>
        <div className={styles.buttons}>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            {t('orders.putorder.cancel')}
          </Button>
          <Button onClick={download} data-testid="pack-download-confirm">
            {t('shop.pack.confirm')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
