import type { BookmarkItem } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { loginUrlReturningTo } from '../../api/authLoss';
import { catalogueCalls } from '../../api/catalogueCalls';
import { serverMessageOr } from '../../api/client';
import { BookmarkList } from '../../catalogue/BookmarkList';
import { musicCalls } from '../../api/musicCalls';
import { COLLECT_PAGE_SIZE, COLLECT_TABS, MUSIC_COLLECT_PAGE_SIZE, type CollectTargetType, musicTypeOfTab, parseTargetType } from '../../catalogue/collectTabs';
import { Notice } from '../../catalogue/Notice';
import { Pager } from '../../catalogue/Pager';
import { pageCount, pageParam } from '../../catalogue/paging';
import { useRemote } from '../../catalogue/useRemote';
import { usePreferenceCounts } from '../../session/PreferenceCountsProvider';
import { useSession } from '../../session/SessionProvider';
import { Button, buttonClass } from '../../ui/Button';
import { MusicList } from '../Music/MusicList';
import { useToast } from '../../ui/toast/ToastProvider';
import styles from './CollectPage.module.css';

/** /Collect?targetType=: the signed-in user's collections, one tab per material type. */
export default function CollectPage() {
  const { t } = useTranslation();
  const { status } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const targetType = parseTargetType(params.get('targetType'));
  const page = pageParam(params.get('page'));

  const goTo = (next: CollectTargetType, nextPage = 1) =>
    navigate({ search: `?targetType=${next}${nextPage > 1 ? `&page=${nextPage}` : ''}` });

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('collect.title')}</h1>
        <div className={styles.tabs} role="tablist">
          {COLLECT_TABS.map((tab) => (
            <button
              key={tab.targetType}
              type="button"
              role="tab"
              aria-selected={tab.targetType === targetType}
              className={tab.targetType === targetType ? `${styles.tab} ${styles.tabOn}` : styles.tab}
              onClick={() => goTo(tab.targetType)}
              data-testid={`collect-tab-${tab.targetType}`}
            >
              {t(`collect.tabs.${tab.key}`)}
            </button>
          ))}
        </div>
      </header>
      {status === 'checking' ? (
        <p className={styles.muted}>{t('catalogue.loading')}</p>
      ) : status === 'signedOut' ? (
        <Notice title={t('gate.signInToUse')} body={t('collect.signInTitle')} testId="collect-sign-in">
          <Link className={buttonClass('primary')} to={loginUrlReturningTo(location.pathname + location.search)}>
            {t('collect.signIn')}
          </Link>
        </Notice>
      ) : musicTypeOfTab(targetType) !== null ? (
        <MusicCollectList musicType={musicTypeOfTab(targetType)!} page={page} onPage={(next) => goTo(targetType, next)} />
      ) : (
        <CollectList targetType={targetType} page={page} onPage={(next) => goTo(targetType, next)} />
      )}
    </div>
  );
}

function CollectList({ targetType, page, onPage }: { targetType: CollectTargetType; page: number; onPage(page: number): void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { reload: reloadCounts } = usePreferenceCounts();
  const list = useRemote(
    (signal) => catalogueCalls.bookmarks({ targetType, pageNo: page, pageSize: COLLECT_PAGE_SIZE }, { signal }),
    [targetType, page, i18n.language],
  );

  const cancel = async (item: BookmarkItem) => {
    try {
      await catalogueCalls.cancelBookmark(item.id);
      toast.show({ message: t('collect.cancelled') });
      reloadCounts();
      // The last item of a later page: step back instead of showing an empty page.
      if (list.data && list.data.infos.length === 1 && page > 1) onPage(page - 1);
      else list.reload();
    } catch (error) {
      toast.show({ message: serverMessageOr(error, t('card.actionFailed')) });
    }
  };

  if (list.error) {
    return <LoadFailed error={list.error} onRetry={list.reload} />;
  }
  if (!list.data) return <p className={styles.muted}>{t('catalogue.loading')}</p>;
  if (list.data.infos.length === 0) {
    return <EmptyCollection browseTo={targetType === 1 ? '/ImgSearchResult?type=pic' : '/SearchResult?type=video'} />;
  }
  return (
    <>
      <p className={styles.count} data-testid="collect-count">
        {t('collect.count', { count: list.data.total })}
      </p>
      <div className={list.loading ? styles.stale : undefined}>
        <BookmarkList items={list.data.infos} onCancel={(item) => void cancel(item)} />
      </div>
      <Pager page={page} pages={pageCount(list.data.total, COLLECT_PAGE_SIZE)} onPage={onPage} />
    </>
  );
}

/**
 * Music or sound-effect favourites (/music/collect/my, 10 a page): music blocks that play with
 * this page as the player's `collect` source list, so next follows the collection.
 */
function MusicCollectList({ musicType, page, onPage }: { musicType: 1 | 2; page: number; onPage(page: number): void }) {
  const { t, i18n } = useTranslation();
  const list = useRemote(
    (signal) => musicCalls.collectMy({ musicType, pageNo: page, pageSize: MUSIC_COLLECT_PAGE_SIZE }, { signal }),
    [musicType, page, i18n.language],
  );
  if (list.error) {
    return <LoadFailed error={list.error} onRetry={list.reload} />;
  }
  if (!list.data) return <p className={styles.muted}>{t('catalogue.loading')}</p>;
  if (list.data.infos.length === 0) {
    return <EmptyCollection browseTo="/Music" />;
  }
  return (
    <>
      <p className={styles.count} data-testid="collect-count">
        {t('collect.count', { count: list.data.total })}
      </p>
      <div className={list.loading ? styles.stale : undefined} data-testid="collect-music">
        <MusicList
          infos={list.data.infos}
          loading={list.loading}
          source={{ kind: 'collect', request: { musicType }, pageNo: page, pageSize: MUSIC_COLLECT_PAGE_SIZE }}
        />
      </div>
      <Pager page={page} pages={pageCount(list.data.total, MUSIC_COLLECT_PAGE_SIZE)} onPage={onPage} />
    </>
  );
}

/** The list could not be read: the server's message where it gave one, and a retry. */
function LoadFailed({ error, onRetry }: { error: unknown; onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <Notice title={serverMessageOr(error, t('catalogue.loadError'))}>
      <Button variant="secondary" onClick={onRetry}>
        {t('catalogue.retry')}
      </Button>
    </Notice>
  );
}

/** Nothing collected of this kind yet, with the way to where such things are found. */
function EmptyCollection({ browseTo }: { browseTo: string }) {
  const { t } = useTranslation();
  return (
    <Notice title={t('collect.empty')} body={t('collect.emptyBody')} testId="collect-empty">
      <Link className={buttonClass('secondary')} to={browseTo}>
        {t('collect.browse')}
      </Link>
    </Notice>
  );
}
