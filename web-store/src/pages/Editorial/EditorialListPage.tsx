import type { EditorialKind, EditorialSummary } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { catalogueCalls } from '../../api/catalogueCalls';
import { Notice } from '../../catalogue/Notice';
import { Pager } from '../../catalogue/Pager';
import { pageCount, pageParam } from '../../catalogue/paging';
import { useRemote } from '../../catalogue/useRemote';
import { Button } from '../../ui/Button';
import styles from './EditorialListPage.module.css';

export const EDITORIAL_PAGE_SIZE = 12;

/** /OriginList (original content) and /CaseList = /ContentList (brand cases): a grid of entries, page by page. */
export function EditorialListPage({ kind }: { kind: EditorialKind }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const page = pageParam(params.get('page'));
  const entries = useRemote(
    (signal) => catalogueCalls.editorialList({ kind, pageNo: page, pageSize: EDITORIAL_PAGE_SIZE }, { signal }),
    [kind, page, i18n.language],
  );
  const data = entries.data;
  return (
    <div className={styles.page} data-testid="editorial-list" data-kind={kind}>
      <header className={styles.head}>
        <h1 className={styles.title}>{kind === 'case' ? t('editorial.caseTitle') : t('editorial.originTitle')}</h1>
        <p className={styles.subtitle}>{kind === 'case' ? t('editorial.caseSubtitle') : t('editorial.originSubtitle')}</p>
      </header>
      {entries.error ? (
        <Notice title={t('catalogue.loadError')}>
          <Button variant="secondary" onClick={entries.reload}>
            {t('catalogue.retry')}
          </Button>
        </Notice>
      ) : entries.loading && !data ? (
        <div className={styles.grid} aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            <span key={index} className={styles.placeholder} />
          ))}
        </div>
      ) : data && data.list.length === 0 ? (
        <Notice title={t('editorial.empty')} testId="editorial-empty" />
      ) : (
        <>
          <div className={styles.grid}>
            {(data?.list ?? []).map((entry) => (
              <EntryCard key={entry.id} entry={entry} />
            ))}
          </div>
          <Pager
            page={page}
            pages={pageCount(data?.total ?? 0, EDITORIAL_PAGE_SIZE)}
            onPage={(next) => {
              navigate({ search: next > 1 ? `?page=${next}` : '' });
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </>
      )}
    </div>
  );
}

function EntryCard({ entry }: { entry: EditorialSummary }) {
  const { t } = useTranslation();
  return (
    <Link to={`/Case?id=${entry.id}`} className={styles.card} data-testid="editorial-card" data-id={entry.id}>
      <span className={styles.media}>
        {entry.cover && <img className={styles.cover} src={entry.cover} alt="" loading="lazy" decoding="async" />}
        {entry.brand && <span className={styles.brand}>{entry.brand}</span>}
      </span>
      <span className={styles.body}>
        <span className={styles.cardTitle}>{entry.title}</span>
        {entry.summary && <span className={styles.summary}>{entry.summary}</span>}
        <span className={styles.more}>{t('editorial.read')} →</span>
      </span>
    </Link>
  );
}

export const OriginListPage = () => <EditorialListPage kind="original" />;
export const CaseListPage = () => <EditorialListPage kind="case" />;
