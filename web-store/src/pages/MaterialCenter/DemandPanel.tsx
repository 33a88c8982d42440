import { SEARCH_DEMAND_KINDS, SEARCH_DEMAND_LISTS, SEARCH_DEMAND_WINDOWS, type Category, type SearchDemandKind, type SearchDemandList, type SearchDemandRow, type SearchDemandWindow } from '@mkt/contracts/web';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { serverMessageOr } from '../../api/client';
import { searchDemandCalls } from '../../api/searchDemandCalls';
import { hotwordLink, loadLookups } from '../../catalogue/lookups';
import { useRemote } from '../../catalogue/useRemote';
import { addPageMessages } from '../../i18n/pageMessages';
import { demandEn } from '../../i18n/resources/demand.en';
import { demandZhCN } from '../../i18n/resources/demand.zh-CN';
import styles from './DemandPanel.module.css';

addPageMessages('demand', demandZhCN, demandEn);

/** Where a buyer's search for `query` lands: what they saw. */
function searchLink(kind: SearchDemandKind, query: string, categoryId: number | null): string {
  if (kind === 'music') return `/Music?${new URLSearchParams({ keyword: query }).toString()}`;
  const link = hotwordLink(query, kind === 'photo' ? 'pic' : 'video');
  return categoryId === null ? link : `${link}&categoryId=${categoryId}`;
}

const percent = (share: number) => `${Math.round(share * 100)}%`;

/** "What buyers look for" in the material centre: top, unmet and rising searches of a period, kind and category. */
export function DemandPanel() {
  const { t, i18n } = useTranslation();
  const [days, setDays] = useState<SearchDemandWindow>(7);
  const [kind, setKind] = useState<SearchDemandKind>('video');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [categories, setCategories] = useState<Category[]>([]);
  const demand = useRemote(
    (signal) => searchDemandCalls.lists({ window: days, kind, ...(categoryId === null ? {} : { categoryId }) }, { signal }),
    [days, kind, categoryId],
  );

  useEffect(() => {
    let live = true;
    void loadLookups(i18n.language).then((lookups) => live && setCategories(kind === 'photo' ? lookups.photoCategories : kind === 'video' ? lookups.videoCategories : []));
    return () => {
      live = false;
    };
  }, [kind, i18n.language]);

  const chooseKind = (next: SearchDemandKind) => {
    setKind(next);
    // Categories belong to one kind.
    setCategoryId(null);
  };

  return (
    <section className={styles.panel} data-testid="demand-panel" aria-labelledby="demand-title">
      <h2 id="demand-title" className={styles.title}>
        {t('demand.title')}
      </h2>
      <p className={styles.lead}>{t('demand.lead')}</p>
      <div className={styles.filters}>
        <label className={styles.field}>
          <span>{t('demand.window')}</span>
          <select value={days} onChange={(event) => setDays(Number(event.target.value) as SearchDemandWindow)} data-testid="demand-window">
            {SEARCH_DEMAND_WINDOWS.map((option) => (
              <option key={option} value={option}>
                {t(`demand.windows.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('demand.kind')}</span>
          <select value={kind} onChange={(event) => chooseKind(event.target.value as SearchDemandKind)} data-testid="demand-kind">
            {SEARCH_DEMAND_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`demand.kinds.${option}`)}
              </option>
            ))}
          </select>
        </label>
        {kind !== 'music' && (
          <label className={styles.field}>
            <span>{t('demand.category')}</span>
            <select value={categoryId ?? ''} onChange={(event) => setCategoryId(event.target.value ? Number(event.target.value) : null)} data-testid="demand-category">
              <option value="">{t('demand.allCategories')}</option>
              {categories.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.categoryName}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      {demand.data && <p className={styles.period}>{t('demand.period', { from: demand.data.from, to: demand.data.to })}</p>}
      {demand.error && !demand.loading ? (
        <p className={styles.error} role="alert">
          {serverMessageOr(demand.error, t('errors.network'))}
        </p>
      ) : (
        <div className={styles.lists} aria-busy={demand.loading}>
          {SEARCH_DEMAND_LISTS.map((list) => (
            <DemandList key={list} list={list} rows={demand.data?.[list] ?? null} link={(query) => searchLink(kind, query, categoryId)} />
          ))}
        </div>
      )}
    </section>
  );
}

function DemandList({ list, rows, link }: { list: SearchDemandList; rows: SearchDemandRow[] | null; link: (query: string) => string }) {
  const { t } = useTranslation();
  return (
    <article className={styles.list} data-testid={`demand-${list}`}>
      <h3 className={styles.listTitle}>{t(`demand.lists.${list}.title`)}</h3>
      <p className={styles.lead}>{t(`demand.lists.${list}.lead`)}</p>
      {rows === null ? (
        <p className={styles.lead}>{t('demand.loading')}</p>
      ) : rows.length === 0 ? (
        <p className={styles.lead}>{t('demand.empty')}</p>
      ) : (
        <ol className={styles.rows}>
          {rows.map((row) => (
            <li key={row.query} className={styles.row}>
              <Link to={link(row.query)} className={styles.query} aria-label={t('demand.searchFor', { query: row.query })}>
                {row.query}
              </Link>
              <span className={styles.figures}>
                {t('demand.columns.searches')} {row.searches}
                {row.previousSearches !== undefined && ` (${t('demand.columns.previous')} ${row.previousSearches})`} · {t('demand.columns.averageResults')} {row.averageResults} ·{' '}
                {t('demand.columns.opened')} {percent(row.openedShare)} · {t('demand.columns.ordered')} {percent(row.orderedShare)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
