import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOr } from '../../api/client';
import { identityCalls } from '../../api/identityCalls';
import { useSession } from '../../session/SessionProvider';
import { contributorNoticeFor } from '../../session/userRoles';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import styles from './ContributorNotice.module.css';

export const PHOTO_SUPPLEMENT_URL = '/agreements/photo-supplement.html';

/**
 * The contributor notice (spec section 4): gid 3 acknowledges that photo rights are included;
 * gid 2 agrees to the photo supplement or declines. Every answer is posted, then the page reloads
 * so the whole store picks up the user's new flags.
 */
export function ContributorNotice() {
  const { t } = useTranslation();
  const { user } = useSession();
  const kind = contributorNoticeFor(user);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!kind) return null;

  const answer = async (call: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await call();
      window.location.reload();
    } catch (caught) {
      setError(serverMessageOr(caught, t('errors.network')));
      setBusy(false);
    }
  };

  const agreeAndDownload = () => {
    // Opened inside the click itself: a window opened after the request returns would be blocked.
    window.open(PHOTO_SUPPLEMENT_URL, '_blank', 'noopener');
    void answer(identityCalls.agreeProtocol);
  };

  return (
    <Dialog open title={t('notice.title')} testId="contributor-notice" width={580}>
      <p className={styles.body}>{kind === 'acknowledgePhotoRights' ? t('notice.gid3Body') : t('notice.gid2Body')}</p>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.actions}>
        {kind === 'acknowledgePhotoRights' ? (
          <Button size="lg" disabled={busy} onClick={() => void answer(identityCalls.agreeProtocol)} data-testid="notice-ack">
            {busy ? t('notice.working') : t('notice.gid3Ack')}
          </Button>
        ) : (
          <>
            <Button variant="secondary" size="lg" disabled={busy} onClick={() => void answer(identityCalls.rejectProtocol)} data-testid="notice-reject">
              {t('notice.gid2Reject')}
            </Button>
            <Button size="lg" disabled={busy} onClick={agreeAndDownload} data-testid="notice-agree">
              {busy ? t('notice.working') : t('notice.gid2Agree')}
            </Button>
          </>
        )}
      </div>
    </Dialog>
  );
}
