import { MATERIAL_CENTER_TABS, type ContributedMaterial, type MaterialCenterTab, type MaterialListResponse } from '@mkt/contracts/web';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { serverMessageOr } from '../../api/client';
import { uploadCalls } from '../../api/uploadCalls';
import { useSession } from '../../session/SessionProvider';
import { hasMaterialCenter } from '../../session/userRoles';
import { useUploadPanel } from '../../shell/UploadPanel/UploadPanelProvider';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { formatBytes } from '../../uploads/uploadFormat';
import { AnalyticsPanel } from './AnalyticsPanel';
import { DemandPanel } from './DemandPanel';
import { ReleaseLibrary } from './ReleaseLibrary';
import { detailsEditable, needsDetails } from './detailsMessages';
import styles from './MaterialCenter.module.css';
import { materialCenterQuery, statusMessage } from './materialCenterQuery';

const PAGE_SIZE = 20;

export function StatusLine({ material }: { material: ContributedMaterial }) {
  const { t } = useTranslation();
  const message = statusMessage(material);
  if (!message) return null;
  return (
    <span className={styles.reason} data-testid="center-item-reason">
      {'key' in message ? t(`uploads.rules.${message.key}`) : message.text}
    </span>
  );
}

/** /MaterialCenter (W): the contributor's files by tab (query tab, mode, sec; default tab home). */
export default function MaterialCenterPage() {
  const { t, i18n } = useTranslation();
  const { user, status } = useSession();
  const panel = useUploadPanel();
  const [params, setParams] = useSearchParams();
  const query = materialCenterQuery(params);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<MaterialListResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<ContributedMaterial | null>(null);
  const canEdit = user?.gid === 2;

  const load = useCallback(async () => {
    try {
      setData(await uploadCalls.list(query.tab, page, PAGE_SIZE));
      setError(null);
    } catch (caught) {
      setError(serverMessageOr(caught, t('errors.network')));
    }
    // i18n.language: reason texts are server messages in the chosen language.
  }, [query.tab, page, t, i18n.language]);

  useEffect(() => {
    if (user && hasMaterialCenter(user)) void load();
  }, [user, load]);

  // While a file is being transcoded, look again every few seconds.
  const transcoding = data?.infos.some((m) => m.status === 'transcoding') ?? false;
  useEffect(() => {
    if (!transcoding) return;
    const timer = setInterval(() => void load(), 3000);
    return () => clearInterval(timer);
  }, [transcoding, load]);

  if (status === 'checking') return null;
  if (!user || !hasMaterialCenter(user)) {
    return (
      <div className={styles.page}>
        <p className={styles.empty}>{t('materialCenter.contributorsOnly')}</p>
      </div>
    );
  }

  // ?view=analytics: the contributor's own sales analytics.
  if (params.get('view') === 'analytics') {
    return (
      <div className={styles.page}>
        <header className={styles.head}>
          <h1 className={styles.title}>{t('materialCenter.title')}</h1>
          <Link to="/MaterialCenter" className={styles.action} data-testid="center-analytics-back">
            {t('analytics.back')}
          </Link>
        </header>
        <AnalyticsPanel />
      </div>
    );
  }

  // ?view=releases: the contributor's model and property releases.
  if (params.get('view') === 'releases') {
    return (
      <div className={styles.page}>
        <header className={styles.head}>
          <h1 className={styles.title}>{t('materialCenter.title')}</h1>
          <Link to="/MaterialCenter" className={styles.action} data-testid="center-releases-back">
            {t('releases.back')}
          </Link>
        </header>
        <ReleaseLibrary />
      </div>
    );
  }

  // ?view=demand: "what buyers look for", the same for every contributor.
  if (params.get('view') === 'demand') {
    return (
      <div className={styles.page}>
        <header className={styles.head}>
          <h1 className={styles.title}>{t('materialCenter.title')}</h1>
          <Link to="/MaterialCenter" className={styles.action} data-testid="center-demand-back">
            {t('demand.back')}
          </Link>
        </header>
        <DemandPanel />
      </div>
    );
  }

  const selectTab = (tab: MaterialCenterTab) => {
    setPage(1);
    setParams({ tab, mode: String(query.mode), sec: String(query.sec) });
  };
  const shown = (data?.infos ?? []).filter((m) => query.sec === -1 || m.status === query.statusFilter);

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('materialCenter.title')}</h1>
          <p className={styles.muted}>{t('materialCenter.lead')}</p>
        </div>
        <div className={styles.headActions}>
          <Link to="/MaterialCenter?view=analytics" className={styles.action} data-testid="center-analytics">
            {t('analytics.entry')}
          </Link>
          <Link to="/MaterialCenter?view=demand" className={styles.action} data-testid="center-demand">
            {t('demand.entry')}
          </Link>
          <Link to="/MaterialCenter?view=releases" className={styles.action} data-testid="center-releases">
            {t('releases.entry')}
          </Link>
          <Link to="/Bill" className={styles.action} data-testid="center-bill">
            {t('header.bill')}
          </Link>
          <Button onClick={panel.openPanel} data-testid="center-upload">
            {t('uploads.entry')}
          </Button>
        </div>
      </header>
      <nav className={styles.tabs} aria-label={t('materialCenter.title')}>
        {MATERIAL_CENTER_TABS.map((tab) => (
          <button
            key={tab}
            type="button"
            className={tab === query.tab ? `${styles.tab} ${styles.tabActive}` : styles.tab}
            aria-current={tab === query.tab ? 'page' : undefined}
            onClick={() => selectTab(tab)}
            data-testid={`center-tab-${tab}`}
          >
            {t(`materialCenter.tabs.${tab}`)}
            {data && <span className={styles.count}>{data.counts[tab]}</span>}
          </button>
        ))}
      </nav>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      {data && shown.length === 0 && <p className={styles.empty}>{t('materialCenter.empty')}</p>}
      <ul className={query.mode === 1 ? styles.list : styles.grid} data-testid="center-items">
        {shown.map((material) => (
          <li key={material.id} className={styles.item} data-testid="center-item" data-status={material.status}>
            <Link to={`/WorkDetail?id=${material.id}`} className={styles.thumb}>
              {material.thumbnail ? <img src={material.thumbnail} alt="" loading="lazy" /> : <span className={styles.noThumb}>{t(`materialCenter.kind.${material.kind}`)}</span>}
            </Link>
            <div className={styles.info}>
              <Link to={`/WorkDetail?id=${material.id}`} className={styles.name} data-testid="center-item-title">
                {(i18n.language === 'en' ? material.titleEn : material.titleZh) || material.fileName}
              </Link>
              <span className={styles.muted}>
                {material.fileName} · {formatBytes(material.fileSize)}
                {material.width && material.height ? ` · ${material.width}×${material.height}` : ''}
              </span>
              <span className={`${styles.status} ${styles[material.status] ?? ''}`} data-testid="center-item-status">
                {t(`materialCenter.status.${material.status}`)}
              </span>
              <StatusLine material={material} />
              {needsDetails(material) && (
                <span className={styles.reason} data-testid="center-item-details-missing">
                  {t('details.missing')}
                </span>
              )}
            </div>
            <div className={styles.actions}>
              {detailsEditable(material) && (
                <Link to={`/WorkDetail?id=${material.id}&details=1`} className={styles.action} data-testid="center-item-details">
                  {material.detailsAt ? t('details.edit') : t('details.add')}
                </Link>
              )}
              {canEdit && material.status !== 'published' && material.status !== 'transcoding' && (
                <>
                  <Link to={`/WorkDetail?id=${material.id}&edit=1`} className={styles.action}>
                    {t('materialCenter.edit')}
                  </Link>
                  <button type="button" className={styles.action} onClick={() => setDeleting(material)} data-testid="center-delete">
                    {t('materialCenter.delete')}
                  </button>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
      {data && data.total > page * PAGE_SIZE && (
        <Button variant="secondary" onClick={() => setPage(page + 1)}>
          {t('materialCenter.next')}
        </Button>
      )}
      <Dialog open={deleting !== null} title={t('materialCenter.confirmDeleteTitle')} onClose={() => setDeleting(null)} closeLabel={t('uploads.panel.close')}>
        <p className={styles.muted}>{t('materialCenter.confirmDeleteBody', { name: deleting?.fileName ?? '' })}</p>
        <div className={styles.dialogActions}>
          <Button variant="secondary" onClick={() => setDeleting(null)}>
            {t('uploads.panel.cancel')}
          </Button>
          <Button
            data-testid="center-delete-ok"
            onClick={async () => {
              const target = deleting;
              setDeleting(null);
              if (!target) return;
              try {
                await uploadCalls.remove(target.id);
              } catch (caught) {
                setError(serverMessageOr(caught, t('errors.network')));
              }
              await load();
            }}
          >
            {t('materialCenter.delete')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
