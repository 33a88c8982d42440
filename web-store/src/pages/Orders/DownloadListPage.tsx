import type { LicenceView, ProjectData, PurchasedMaterial } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { openLink, orderCalls } from '../../api/orderCalls';
import { Notice } from '../../catalogue/Notice';
import { useRemote } from '../../catalogue/useRemote';
import { projectAllowance } from '../../orders/projectAllowance';
import { useSession } from '../../session/SessionProvider';
import { showsDownloadList } from '../../session/userRoles';
import { Button, buttonClass } from '../../ui/Button';
import { useToast } from '../../ui/toast/ToastProvider';
import { SignedIn, Thumb, chinaTime, messageOf } from './common';
import styles from './Orders.module.css';
import { purchaseDetailPath } from '../../catalogue/materialFormat';

/**
 * /DownloadList: for enterprise customers whose project is in progress (spec section 6). The
 * project's allowances, and every material downloaded under it, downloadable again without limit
 * with its authorization file.
 */
export default function DownloadListPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('orders.downloads.title')}</h1>
        <Link to="/OrderMaterialList">{t('orders.materials.title')}</Link>
      </header>
      <SignedIn>
        <ProjectDownloads />
      </SignedIn>
    </div>
  );
}

function ProjectDownloads() {
  const { t } = useTranslation();
  const { user, project, projectLoading } = useSession();
  if (!showsDownloadList(user, project)) {
    // Still asking about a project customer's project: wait rather than flash a refusal.
    if (projectLoading) return <p className={styles.muted}>{t('orders.loading')}</p>;
    return (
      <Notice title={t('orders.downloads.notProject')} body={t('orders.downloads.notProjectBody')} testId="download-list-refused">
        <Link className={buttonClass('secondary')} to="/OrderList">
          {t('header.orders')}
        </Link>
      </Notice>
    );
  }
  return (
    <>
      <ProjectSummary project={project!} />
      <Downloads />
    </>
  );
}

function ProjectSummary({ project }: { project: ProjectData }) {
  const { t } = useTranslation();
  const allowance = (kind: 'video' | 'photo') => {
    const { total, used, left } = projectAllowance(project, kind);
    return (
      <div className={styles.allowance} data-testid={`project-allowance-${kind}`}>
        <span className={styles.allowanceLabel}>{t(`orders.downloads.${kind}`)}</span>
        <span className={styles.allowanceCount}>{t('orders.downloads.left', { left })}</span>
        <span className={styles.muted}>{t('orders.downloads.used', { used, total })}</span>
        <span className={styles.meter} aria-hidden="true">
          <span style={{ width: `${total ? Math.min(100, (used / total) * 100) : 100}%` }} />
        </span>
      </div>
    );
  };
  return (
    <section className={styles.card} data-testid="project-summary">
      <div className={styles.head}>
        <div>
          <h2 className={styles.projectName}>{project.name}</h2>
          <div className={styles.code}>
            {project.projectId} · {project.companyName} · {project.validUntil ? t('orders.downloads.validUntil', { date: chinaTime(project.validUntil).slice(0, 10) }) : t('orders.downloads.openEnded')}
          </div>
        </div>
        <span className={`${styles.badge} ${styles.ok}`}>{t('orders.downloads.active')}</span>
      </div>
      <div className={styles.allowances}>
        {allowance('video')}
        {allowance('photo')}
      </div>
      <p className={styles.muted}>{t('orders.downloads.how')}</p>
    </section>
  );
}

function Downloads() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const list = useRemote(
    async (signal) => {
      const [materials, licences] = await Promise.all([orderCalls.purchased({ signal }, 'project'), orderCalls.licences(undefined, { signal })]);
      return { materials, licences: new Map(licences.map((l) => [`${l.orderId}:${l.itemId}`, l])) };
    },
    [i18n.language],
  );
  if (list.error) return <p className={styles.error}>{t('orders.loadFailed', { message: messageOf(list.error) })}</p>;
  if (!list.data) return <p className={styles.muted}>{t('orders.loading')}</p>;
  if (list.data.materials.length === 0) {
    return (
      <Notice title={t('orders.downloads.empty')} body={t('orders.downloads.emptyBody')} testId="download-list-empty">
        <Link className={buttonClass('secondary')} to="/SearchResult">
          {t('orders.downloads.browse')}
        </Link>
      </Notice>
    );
  }
  const run = async (work: () => Promise<{ url: string }>) => {
    try {
      openLink((await work()).url);
    } catch (error) {
      toast.show({ message: messageOf(error) });
    }
  };
  return (
    <>
      <div className={styles.rows} data-testid="download-list">
        {list.data.materials.map((m: PurchasedMaterial) => {
          const licence: LicenceView | undefined = list.data!.licences.get(`${m.orderId}:${m.itemId}`);
          return (
            <div key={`${m.orderId}-${m.itemId}`} className={styles.row} data-testid="download-row">
              <span />
              <Thumb src={m.thumbnail} />
              <div>
                <Link className={styles.itemTitle} to={purchaseDetailPath(m.materialId, m.kind === 'photo' ? 'photo' : 'video')} data-testid="download-title">
                  {m.title}
                </Link>
                <div className={styles.code}>
                  {m.code} · {t(`orders.cart.tabs.${m.kind === 'photo' ? 'photo' : 'video'}`)} · {chinaTime(m.purchasedAt)}
                  {licence && ` · ${t('orders.materials.code')} ${licence.verificationCode}`}
                </div>
              </div>
              <div className={styles.actions}>
                {licence?.status === 'generated' && (
                  <Button variant="ghost" onClick={() => run(() => orderCalls.licenceFile(licence.licenceId))} data-testid="download-row-licence">
                    {t('orders.downloads.licence')}
                  </Button>
                )}
                <Button variant="secondary" onClick={() => run(() => orderCalls.downloadOriginal(m.orderId, m.itemId))} data-testid="download-row-file">
                  {m.downloadable ? t('orders.materials.download') : t('orders.materials.transcoding')}
                </Button>
              </div>
            </div>
          );
        })}
      </div>
      <p className={`${styles.muted} ${styles.listNote}`}>{t('orders.detail.transcodingNote')}</p>
    </>
  );
}
