import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CompanyLicenceLine, formatFen } from '@mkt/contracts/web';
import { companyLicenceCalls, COMPANY_LICENCE_PAGE_SIZE, type CompanyLicenceFilter } from '../../api/companyLicenceCalls';
import { openLink } from '../../api/orderCalls';
import { formatUtc8Date } from '../../catalogue/materialFormat';
import { useRemote } from '../../catalogue/useRemote';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast/ToastProvider';
import { messageOf } from '../Boards/boardMessages';
import boardStyles from '../Boards/Boards.module.css';
import styles from './CompanyLicences.module.css';

/** Waits this long after the last keystroke before searching. */
const TYPING_PAUSE_MS = 300;

/**
 * The company licence history (the administrator's tab of /PurchaseRequests): every licence of
 * the company's accounts with its project and file, filtered by project and code or title, and
 * the same filters exported as CSV.
 */
export function CompanyLicences() {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<CompanyLicenceFilter>({ q: '' });
  // Pages after the first, fetched with "More" and kept until the filter changes.
  const [more, setMore] = useState<CompanyLicenceLine[]>([]);
  const [loadingMore, setLoadingMore] = useState(false);
  const [exporting, setExporting] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setFilter((current) => (current.q === typed.trim() ? current : { ...current, q: typed.trim() })), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const list = useRemote((signal) => companyLicenceCalls.list(filter, 1, { signal }), [filter, i18n.language]);
  useEffect(() => setMore([]), [list.data]);
  const lines = list.data ? [...list.data.infos, ...more] : [];

  const loadMore = async () => {
    setLoadingMore(true);
    try {
      const next = await companyLicenceCalls.list(filter, Math.floor(lines.length / COMPANY_LICENCE_PAGE_SIZE) + 1);
      setMore((current) => [...current, ...next.infos]);
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.failed')) });
    } finally {
      setLoadingMore(false);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const url = URL.createObjectURL(await companyLicenceCalls.csv(filter));
      openLink(url, `company-licences-${new Date().toISOString().slice(0, 10)}.csv`);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      toast.show({ message: t('boards.licencesExported') });
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.actionFailed')) });
    } finally {
      setExporting(false);
    }
  };

  return (
    <section data-testid="company-licences">
      <p className={boardStyles.lead}>{t('boards.licencesLead')}</p>
      <div className={styles.toolbar}>
        <select
          className={`${boardStyles.input} ${styles.project}`}
          value={filter.projectId ?? ''}
          aria-label={t('boards.licencesAllProjects')}
          onChange={(event) => setFilter({ ...filter, projectId: event.target.value || undefined })}
          data-testid="licences-project"
        >
          <option value="">{t('boards.licencesAllProjects')}</option>
          {(list.data?.projects ?? []).map((project) => (
            <option key={project.projectId} value={project.projectId}>
              {project.name}
            </option>
          ))}
        </select>
        <input className={`${boardStyles.input} ${styles.search}`} type="search" value={typed} maxLength={60} placeholder={t('boards.licencesSearch')} aria-label={t('boards.licencesSearch')} onChange={(event) => setTyped(event.target.value)} data-testid="licences-search" />
        <Button variant="secondary" disabled={exporting} onClick={() => void exportCsv()} data-testid="licences-export">
          {t('boards.licencesExport')}
        </Button>
        {list.data ? <span className={styles.total}>{t('boards.licencesTotal', { count: list.data.total })}</span> : null}
      </div>
      {list.error ? (
        <p className={boardStyles.failed}>{messageOf(list.error, t('boards.failed'))}</p>
      ) : !list.data ? (
        <p className={boardStyles.muted}>{t('catalogue.loading')}</p>
      ) : lines.length === 0 ? (
        <p className={boardStyles.muted}>{t('boards.licencesEmpty')}</p>
      ) : (
        <>
          <ul className={styles.lines} data-testid="licences-list">
            {lines.map((line) => (
              <LicenceLine key={`${line.orderId}:${line.itemId}`} line={line} />
            ))}
          </ul>
          {lines.length < list.data.total ? (
            <Button variant="ghost" disabled={loadingMore} onClick={() => void loadMore()} data-testid="licences-more">
              {t('boards.licencesMore')}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}

function LicenceLine({ line }: { line: CompanyLicenceLine }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const openFile = async () => {
    setBusy(true);
    try {
      openLink((await companyLicenceCalls.file(line.fileGrant)).url);
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.actionFailed')) });
    } finally {
      setBusy(false);
    }
  };
  const member = [line.member, line.memberContact].filter(Boolean).join(' · ');
  return (
    <li className={styles.line} data-testid="licence-line">
      <span className={styles.what}>
        <span className={styles.title}>
          {line.code} · {line.title}
        </span>
        <span className={styles.meta}>
          {formatUtc8Date(line.licensedAt)} · {t(`boards.licencesKind_${line.kind}`)}
          {line.licenceType ? ` · ${t(`boards.licencesType_${line.licenceType}`)}` : ''} · {line.projectName ?? t('boards.licencesProjectNone')}
        </span>
        <span className={styles.meta}>
          {member ? `${t('boards.licencesMember', { name: member })} · ` : ''}
          {line.orderNo}
          {line.usage ? ` · ${line.usage}` : ''}
        </span>
      </span>
      <span className={styles.end}>
        <span className={styles.price}>{formatFen(line.priceFen)}</span>
        <Button variant="ghost" disabled={busy} onClick={() => void openFile()} data-testid="licence-line-file">
          {t('boards.licencesFile')}
        </Button>
      </span>
    </li>
  );
}
