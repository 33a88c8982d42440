import {
  ANALYTICS_KINDS,
  ANALYTICS_PERIODS,
  ANALYTICS_SORTS,
  formatFen,
  type AnalyticsFigures,
  type AnalyticsKind,
  type AnalyticsMaterialRow,
  type AnalyticsPeriod,
  type AnalyticsSort,
  type MaterialAnalytics,
} from '@mkt/contracts/web';
import { type FormEvent, Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOr } from '../../api/client';
import { materialAnalyticsCalls } from '../../api/materialAnalyticsCalls';
import { useRemote } from '../../catalogue/useRemote';
import { addPageMessages } from '../../i18n/pageMessages';
import { analyticsEn } from '../../i18n/resources/analytics.en';
import { analyticsZhCN } from '../../i18n/resources/analytics.zh-CN';
import type { ChartMetric } from './AnalyticsChart';
import styles from './AnalyticsPanel.module.css';

addPageMessages('analytics', analyticsZhCN, analyticsEn);

const AnalyticsChart = lazy(() => import('./AnalyticsChart'));

const METRICS: ChartMetric[] = ['appearances', 'views', 'favourites', 'cartAdds', 'sales', 'earningsFen'];
const PAGE_SIZE = 20;

const percent = (share: number | null) => (share === null ? '—' : `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`);
const figure = (metric: keyof AnalyticsFigures, figures: AnalyticsFigures) => (metric === 'earningsFen' ? formatFen(figures.earningsFen) : figures[metric].toLocaleString());

/** Sales analytics in the material centre: the caller's own portfolio, or one of its materials. */
export function AnalyticsPanel() {
  const { t, i18n } = useTranslation();
  const [period, setPeriod] = useState<AnalyticsPeriod>('day');
  const [kind, setKind] = useState<AnalyticsKind | ''>('');
  const [metric, setMetric] = useState<ChartMetric>('views');
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<AnalyticsSort>('views');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [pageNo, setPageNo] = useState(1);
  const [picked, setPicked] = useState<AnalyticsMaterialRow | null>(null);
  const filters = { period, ...(kind ? { kind } : {}) };
  const portfolio = useRemote(
    (signal) => materialAnalyticsCalls.read({ ...filters, search, sort, order, pageNo, pageSize: PAGE_SIZE }, { signal }),
    [period, kind, search, sort, order, pageNo, i18n.language],
  );
  const single = useRemote(
    (signal) => (picked ? materialAnalyticsCalls.read({ ...filters, materialId: picked.materialId, pageSize: 1 }, { signal }) : Promise.resolve(null)),
    [period, kind, picked?.materialId],
  );

  const restart = () => setPageNo(1);
  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setSearch(draft.trim());
    restart();
  };
  const data = portfolio.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <section className={styles.panel} data-testid="analytics-panel" aria-labelledby="analytics-title">
      <h2 id="analytics-title" className={styles.title}>
        {t('analytics.title')}
      </h2>
      <p className={styles.lead}>{t('analytics.lead')}</p>
      <div className={styles.filters}>
        <label className={styles.field}>
          <span>{t('analytics.period')}</span>
          <select value={period} onChange={(event) => (setPeriod(event.target.value as AnalyticsPeriod), restart())} data-testid="analytics-period">
            {ANALYTICS_PERIODS.map((option) => (
              <option key={option} value={option}>
                {t(`analytics.periods.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('analytics.kind')}</span>
          <select value={kind} onChange={(event) => (setKind(event.target.value as AnalyticsKind | ''), restart())} data-testid="analytics-kind">
            <option value="">{t('analytics.allKinds')}</option>
            {ANALYTICS_KINDS.map((option) => (
              <option key={option} value={option}>
                {t(`analytics.kinds.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span>{t('analytics.metric')}</span>
          <select value={metric} onChange={(event) => setMetric(event.target.value as ChartMetric)} data-testid="analytics-metric">
            {METRICS.map((option) => (
              <option key={option} value={option}>
                {t(`analytics.figures.${option}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {data && <p className={styles.lead}>{t('analytics.range', { from: data.from, to: data.to })}</p>}
      {portfolio.error && !portfolio.loading ? (
        <p className={styles.error} role="alert">
          {serverMessageOr(portfolio.error, t('errors.network'))}
        </p>
      ) : (
        <Figures data={data} testId="analytics-totals" />
      )}
      {data && (
        <Suspense fallback={<p className={styles.lead}>{t('analytics.loading')}</p>}>
          <AnalyticsChart series={data.series} period={data.period} metric={metric} testId="analytics-chart" />
        </Suspense>
      )}

      {picked && (
        <article className={styles.single} data-testid="analytics-single">
          <div className={styles.singleHead}>
            <h3 className={styles.subtitle}>{t('analytics.material', { title: picked.title || picked.code })}</h3>
            <button type="button" className={styles.link} onClick={() => setPicked(null)} data-testid="analytics-single-close">
              {t('analytics.allMaterials')}
            </button>
          </div>
          <Figures data={single.data} testId="analytics-single-totals" />
          {single.data && (
            <Suspense fallback={<p className={styles.lead}>{t('analytics.loading')}</p>}>
              <AnalyticsChart series={single.data.series} period={single.data.period} metric={metric} testId="analytics-single-chart" />
            </Suspense>
          )}
        </article>
      )}

      <h3 className={styles.subtitle}>{t('analytics.materials', { total: data?.total ?? 0 })}</h3>
      <div className={styles.filters}>
        <form className={styles.search} onSubmit={submitSearch} role="search">
          <label className={styles.field}>
            <span>{t('analytics.search')}</span>
            <input value={draft} onChange={(event) => setDraft(event.target.value)} maxLength={100} placeholder={t('analytics.searchPlaceholder')} data-testid="analytics-search" />
          </label>
          <button type="submit" className={styles.button} data-testid="analytics-search-submit">
            {t('analytics.searchButton')}
          </button>
        </form>
        <label className={styles.field}>
          <span>{t('analytics.sort')}</span>
          <select value={sort} onChange={(event) => (setSort(event.target.value as AnalyticsSort), restart())} data-testid="analytics-sort">
            {ANALYTICS_SORTS.map((option) => (
              <option key={option} value={option}>
                {t(`analytics.figures.${option}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          <span className={styles.hidden}>{t('analytics.sort')}</span>
          <select value={order} onChange={(event) => (setOrder(event.target.value as 'asc' | 'desc'), restart())} data-testid="analytics-order">
            <option value="desc">{t('analytics.order.desc')}</option>
            <option value="asc">{t('analytics.order.asc')}</option>
          </select>
        </label>
      </div>
      {data && data.rows.length === 0 && <p className={styles.lead}>{t('analytics.empty')}</p>}
      <ul className={styles.rows} aria-busy={portfolio.loading} data-testid="analytics-rows">
        {data?.rows.map((row) => (
          <li key={row.materialId} className={styles.row} data-testid={`analytics-row-${row.materialId}`}>
            <button type="button" className={styles.rowHead} onClick={() => setPicked(row)} aria-label={t('analytics.drill', { title: row.title || row.code })}>
              {row.thumbnail && <img src={row.thumbnail} alt="" className={styles.thumb} loading="lazy" />}
              <span className={styles.rowTitle}>{row.title || row.code}</span>
              <span className={styles.code}>{row.code}</span>
            </button>
            <dl className={styles.rowFigures}>
              {METRICS.map((name) => (
                <div key={name}>
                  <dt>{t(`analytics.figures.${name}`)}</dt>
                  <dd>{figure(name, row)}</dd>
                </div>
              ))}
              <div>
                <dt>{t('analytics.figures.salesPerView')}</dt>
                <dd>{percent(row.salesPerView)}</dd>
              </div>
            </dl>
          </li>
        ))}
      </ul>
      {data && pages > 1 && (
        <nav className={styles.pager}>
          <button type="button" className={styles.button} disabled={pageNo <= 1} onClick={() => setPageNo(pageNo - 1)}>
            {t('analytics.previous')}
          </button>
          <span>{t('analytics.pageOf', { page: pageNo, pages })}</span>
          <button type="button" className={styles.button} disabled={pageNo >= pages} onClick={() => setPageNo(pageNo + 1)}>
            {t('analytics.next')}
          </button>
        </nav>
      )}
    </section>
  );
}

/** The totals of an answer as cards, with the two conversions. */
function Figures({ data, testId }: { data: MaterialAnalytics | null; testId: string }) {
  const { t } = useTranslation();
  if (!data) return <p className={styles.lead}>{t('analytics.loading')}</p>;
  return (
    <dl className={styles.cards} data-testid={testId}>
      {METRICS.map((name) => (
        <div key={name} className={styles.card} data-testid={`${testId}-${name}`}>
          <dt>{t(`analytics.figures.${name}`)}</dt>
          <dd>{figure(name, data.totals)}</dd>
        </div>
      ))}
      <div className={styles.card}>
        <dt>{t('analytics.figures.salesPerView')}</dt>
        <dd>{percent(data.totals.salesPerView)}</dd>
      </div>
      <div className={styles.card}>
        <dt>{t('analytics.figures.cartAddsPerView')}</dt>
        <dd>{percent(data.totals.cartAddsPerView)}</dd>
      </div>
    </dl>
  );
}
