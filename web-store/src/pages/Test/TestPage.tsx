import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { isIphone, themeFor, viewportFor } from '../../routes/routeLayout';
import { findRoute } from '../../routes/routeTable';
import { useSession } from '../../session/SessionProvider';
import styles from './TestPage.module.css';

/** The spec's /test page: what the store currently believes about this browser and session. */
export default function TestPage() {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const { status, user } = useSession();
  const route = findRoute(pathname);
  const session =
    status === 'checking'
      ? t('pages.testChecking')
      : user
        ? t('pages.testSignedIn', { gid: user.gid })
        : t('pages.testSignedOut');
  const rows: [string, string][] = [
    [t('pages.testLanguage'), i18n.language],
    [t('pages.testRoute'), pathname],
    [t('pages.testViewport'), viewportFor(route, isIphone(navigator.userAgent))],
    [t('pages.testTheme'), themeFor(route)],
    [t('pages.testSession'), session],
  ];
  return (
    <section className={styles.page} data-testid="page-test">
      <h1 className={styles.title}>{t('pages.testTitle')}</h1>
      <dl className={styles.list}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.row}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
