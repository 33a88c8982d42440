import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatFen, notificationPath, type NotificationView } from '@mkt/contracts/web';
import { identityCalls } from '../../api/identityCalls';
import { formatUtc8Date } from '../../catalogue/materialFormat';
import { useSession } from '../../session/SessionProvider';
import styles from './NotificationsPanel.module.css';

/** The latest notifications, each a link to where it happened; reading them clears the bell. */
export default function NotificationsPanel({ onNavigate }: { onNavigate(): void }) {
  const { t } = useTranslation();
  const { setUnreadNotifications } = useSession();
  const [infos, setInfos] = useState<NotificationView[] | null>(null);
  const [mail, setMail] = useState<{ on: boolean; hasEmail: boolean } | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    identityCalls
      .notifications(1, 10)
      .then((page) => {
        if (!live) return;
        setInfos(page.infos);
        setMail({ on: page.mail, hasEmail: page.hasEmail });
        setUnreadNotifications(page.unread);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [setUnreadNotifications]);

  const readAll = async () => {
    const { unread } = await identityCalls.readNotifications();
    setUnreadNotifications(unread);
    setInfos((current) => current?.map((item) => ({ ...item, read: true })) ?? null);
  };

  const toggleMail = async (on: boolean) => {
    try {
      const saved = await identityCalls.notificationMail(on);
      setMail((current) => current && { ...current, on: saved.mail });
    } catch {
      setFailed(true);
    }
  };

  if (failed) return <p className={styles.muted}>{t('notifications.failed')}</p>;
  if (!infos) return <p className={styles.muted}>{t('catalogue.loading')}</p>;
  return (
    <div className={styles.panel}>
      <div className={styles.head}>
        <strong>{t('header.notifications')}</strong>
        {infos.some((item) => !item.read) && (
          <button type="button" className={styles.readAll} onClick={() => void readAll()} data-testid="notifications-read-all">
            {t('notifications.readAll')}
          </button>
        )}
      </div>
      {infos.length === 0 ? (
        <p className={styles.muted}>{t('notifications.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {infos.map((item) => (
            <li key={item.id}>
              <Link to={notificationPath(item)} className={item.read ? styles.item : `${styles.item} ${styles.unread}`} onClick={onNavigate} data-testid="notification">
                <NotificationText item={item} />
                <span className={styles.muted}>{formatUtc8Date(item.at)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      {mail ? (
        <label className={styles.mail}>
          <input type="checkbox" checked={mail.on && mail.hasEmail} disabled={!mail.hasEmail} onChange={(event) => void toggleMail(event.target.checked)} data-testid="notifications-mail" />
          <span>
            {t('notifications.mail')}
            {mail.hasEmail ? null : <span className={styles.muted}> · {t('notifications.mailNeedsEmail')}</span>}
          </span>
        </label>
      ) : null}
    </div>
  );
}

function NotificationText({ item }: { item: NotificationView }) {
  const { t } = useTranslation();
  return <span>{textOf()}</span>;

  function textOf(): string {
    switch (item.kind) {
      case 'boardComment':
        return item.count > 1
          ? t('notifications.boardComments', { count: item.count, board: item.boardName, excerpt: item.excerpt })
          : t('notifications.boardComment', { author: item.author, board: item.boardName, excerpt: item.excerpt });
      case 'boardVote': {
        const voter = item.voter || t(item.byGuest ? 'notifications.aGuest' : 'notifications.aMember');
        if (item.count > 1) return t('notifications.boardVotes', { count: item.count, board: item.boardName });
        return item.up ? t('notifications.boardVoteUp', { voter, board: item.boardName }) : t('notifications.boardVoteDown', { voter, board: item.boardName });
      }
      case 'boardMember':
        return item.role === 'editor' ? t('notifications.boardEditor', { name: item.invitedBy, board: item.boardName }) : t('notifications.boardViewer', { name: item.invitedBy, board: item.boardName });
      case 'orderQuoted':
        return t('notifications.orderQuoted', { orderNo: item.orderNo, price: formatFen(item.totalFen) });
      case 'licenceIssued':
        return t('notifications.licenceIssued', { count: item.count });
      case 'purchaseRequested':
        return t('notifications.purchaseRequested', { requester: item.requester, count: item.itemCount, board: item.boardName });
      case 'purchaseDecided':
        if (!item.approved) return t('notifications.purchaseDeclined', { reason: item.reason });
        return item.orderNo ? t('notifications.purchaseApproved', { orderNo: item.orderNo }) : t('notifications.purchaseApprovedMusic');
    }
  }
}
