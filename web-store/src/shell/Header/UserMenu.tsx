import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { loginUrlReturningTo } from '../../api/authLoss';
import { useSession } from '../../session/SessionProvider';
import { hasMaterialCenter, hasProject, isContributor, isEnterpriseAdmin, showsDownloadList } from '../../session/userRoles';
import { ChevronDownIcon, UserIcon } from '../../ui/icons';
import { useDismiss } from '../../ui/useDismiss';
import styles from './UserMenu.module.css';

/** The signed-in user's menu, or the sign-in link for visitors. */
export function UserMenu() {
  const { t } = useTranslation();
  const { status, user, project, logOff } = useSession();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(wrapper, open, close);
  useEffect(close, [location.pathname, close]);

  if (status === 'checking') return <span className={styles.placeholder} aria-hidden="true" />;

  if (!user) {
    const here = location.pathname + location.search;
    return (
      <Link className={styles.signIn} to={loginUrlReturningTo(here)} aria-label={t('header.signIn')} data-testid="sign-in-link">
        <UserIcon size={18} />
        <span className={styles.signInText}>{t('header.signIn')}</span>
      </Link>
    );
  }

  const nickname = user.nickname || user.phone || user.email || '';
  return (
    <div className={styles.wrapper} ref={wrapper}>
      <button
        type="button"
        className={styles.trigger}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        title={t('header.userMenu')}
        onClick={() => setOpen((value) => !value)}
        data-testid="user-menu"
      >
        {user.avatarUrl ? (
          <img className={styles.avatar} src={user.avatarUrl} alt="" data-testid="user-menu-avatar" />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            {nickname.slice(0, 1).toUpperCase() || <UserIcon size={16} />}
          </span>
        )}
        <span className={styles.nickname} data-testid="user-menu-nickname">
          {nickname}
        </span>
        <ChevronDownIcon className={styles.chevron} size={14} />
      </button>
      {open && (
        <div className={styles.menu} id={menuId} role="menu">
          <div className={styles.menuHead}>
            <span className={styles.menuName}>{nickname}</span>
            {(user.phone || user.email) && <span className={styles.menuAccount}>{user.phone ?? user.email}</span>}
          </div>
          <Link role="menuitem" className={styles.item} to="/UserCenter" data-testid="menu-user-center">
            {t('header.userCenter')}
          </Link>
          <Link role="menuitem" className={styles.item} to="/OrderList">
            {t('header.orders')}
          </Link>
          <Link role="menuitem" className={styles.item} to="/Collect">
            {t('header.collect')}
          </Link>
          <Link role="menuitem" className={styles.item} to="/Boards" data-testid="menu-boards">
            {t('header.boards')}
          </Link>
          {hasProject(user) && (
            <Link role="menuitem" className={styles.item} to={isEnterpriseAdmin(user) ? '/PurchaseRequests?tab=company' : '/PurchaseRequests'} data-testid="menu-purchase-requests">
              {t('header.purchaseRequests')}
            </Link>
          )}
          {showsDownloadList(user, project) && (
            <Link role="menuitem" className={styles.item} to="/DownloadList" data-testid="menu-download-list">
              {t('header.downloadList')}
            </Link>
          )}
          {hasMaterialCenter(user) && (
            <Link role="menuitem" className={styles.item} to="/MaterialCenter" data-testid="menu-material-center">
              {t('header.materialCenter')}
            </Link>
          )}
          {isContributor(user) && (
            <Link role="menuitem" className={styles.item} to="/Bill" data-testid="menu-bill">
              {t('header.bill')}
            </Link>
          )}
          <button
            type="button"
            role="menuitem"
            className={`${styles.item} ${styles.logoff}`}
            onClick={() => {
              close();
              void logOff();
            }}
            data-testid="logoff"
          >
            {t('header.logoff')}
          </button>
        </div>
      )}
    </div>
  );
}
