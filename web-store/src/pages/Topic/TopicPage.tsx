import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { catalogueCalls } from '../../api/catalogueCalls';
import { ApiError, serverMessageOr } from '../../api/client';
import { MaterialGrid } from '../../catalogue/MaterialGrid';
import { Notice } from '../../catalogue/Notice';
import { Pager } from '../../catalogue/Pager';
import { SEARCH_PAGE_SIZE, pageCount, pageParam } from '../../catalogue/paging';
import { useRemote } from '../../catalogue/useRemote';
import { Button, buttonClass } from '../../ui/Button';
import styles from './TopicPage.module.css';

/** /Topic?id=: the topic's cover and description, then its materials page by page. */
export default function TopicPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const id = /^\d+$/.test(params.get('id') ?? '') ? Number(params.get('id')) : 0;
  const page = pageParam(params.get('page'));
  const result = useRemote(
    (signal) =>
      id > 0 ? catalogueCalls.topic({ id, pageNo: page, pageSize: SEARCH_PAGE_SIZE }, { signal }) : Promise.resolve(null),
    [id, page, i18n.language],
  );

  if (id <= 0 || result.error || (!result.loading && !result.data)) {
    const error = result.error;
    const message = serverMessageOr(error, t('topic.notFound'));
    return (
      <div className={styles.page}>
        <Notice title={message} testId="topic-missing">
          {error instanceof ApiError && error.code < 0 ? (
            <Button variant="secondary" onClick={result.reload}>
              {t('catalogue.retry')}
            </Button>
          ) : (
            <Link to="/TopicList" className={buttonClass('secondary')}>
              {t('topic.all')}
            </Link>
          )}
        </Notice>
      </div>
    );
  }

  const data = result.data;
  const topic = data?.topic;
  return (
    <div className={styles.page}>
      <header className={styles.hero}>
        {topic?.homeCover && <img className={styles.cover} src={topic.homeCover} alt="" />}
        <span className={styles.shade} aria-hidden="true" />
        <div className={styles.heroText}>
          <Link to="/TopicList" className={styles.crumb}>
            {t('topic.all')}
          </Link>
          <h1 className={styles.title} data-testid="topic-title">
            {topic?.title ?? '\u00a0'}
          </h1>
          {topic?.description && <p className={styles.description}>{topic.description}</p>}
          {data && <p className={styles.count}>{t('topic.materials', { count: data.total })}</p>}
        </div>
      </header>
      {data && data.infos.length === 0 ? (
        <Notice title={t('topic.empty')} />
      ) : (
        <>
          <MaterialGrid cards={data?.infos ?? []} loading={result.loading} />
          <Pager
            page={page}
            pages={pageCount(data?.total ?? 0)}
            onPage={(next) => {
              navigate({ search: `?id=${id}${next > 1 ? `&page=${next}` : ''}` });
              window.scrollTo({ top: 0, behavior: 'smooth' });
            }}
          />
        </>
      )}
    </div>
  );
}
