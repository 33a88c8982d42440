import { formatFen, type ContestCard } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { contestCalls } from '../../api/contestCalls';
import { Notice } from '../../catalogue/Notice';
import { useRemote } from '../../catalogue/useRemote';
import { addPageMessages } from '../../i18n/pageMessages';
import { contestsEn } from '../../i18n/resources/contests.en';
import { contestsZhCN } from '../../i18n/resources/contests.zh-CN';
import { Button } from '../../ui/Button';
import { chinaTime, messageOf } from '../Orders/common';
import styles from './Contests.module.css';
import { STAGE_TONE, contestHref, isCurrent } from './contestText';

addPageMessages('contests', contestsZhCN, contestsEn);

/** The spec's list call is capped at 100 a page; a yearly contest never comes near it. */
const LIST_SIZE = 100;

/** /ActivityList (M): contests in progress and, on the second tab, those that ended. */
export function ContestListPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'ended' ? 'ended' : 'current';
  return (
    <ContestList
      testId="contest-list"
      title={t('contests.listTitle')}
      lead={t('contests.listLead')}
      tabs={
        <div className={styles.tabs} role="tablist">
          {(['current', 'ended'] as const).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={tab === key ? `${styles.tab} ${styles.tabActive}` : styles.tab}
              onClick={() => setParams(key === 'ended' ? { tab: 'ended' } : {})}
              data-testid={`contest-tab-${key}`}
            >
              {t(`contests.tabs.${key}`)}
            </button>
          ))}
          <Link className={styles.tabLink} to="/postActivityList">
            {t('contests.pastLink')} →
          </Link>
        </div>
      }
      keep={tab === 'ended' ? (contest) => !isCurrent(contest) : isCurrent}
      emptyKey={tab === 'ended' ? 'contests.emptyEnded' : 'contests.empty'}
    />
  );
}

/** /postActivityList: contests that ended or whose results are out, each leading to its winners. */
export function PastContestListPage() {
  const { t } = useTranslation();
  return (
    <ContestList
      testId="past-contest-list"
      title={t('contests.pastTitle')}
      lead={t('contests.pastLead')}
      tabs={
        <div className={styles.tabs}>
          <Link className={styles.tabLink} to="/ActivityList">
            ← {t('contests.currentLink')}
          </Link>
        </div>
      }
      keep={(contest) => !isCurrent(contest) || contest.resultsPublished}
      emptyKey="contests.emptyEnded"
    />
  );
}

function ContestList({ testId, title, lead, tabs, keep, emptyKey }: { testId: string; title: string; lead: string; tabs: React.ReactNode; keep: (contest: ContestCard) => boolean; emptyKey: 'contests.empty' | 'contests.emptyEnded' }) {
  const { t, i18n } = useTranslation();
  const contests = useRemote((signal) => contestCalls.list(1, LIST_SIZE, { signal }), [i18n.language]);
  const shown = (contests.data?.list ?? []).filter(keep);
  return (
    <div className={styles.page} data-testid={testId}>
      <header className={styles.head}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.lead}>{lead}</p>
        {contests.data && contests.data.collectingGameCount > 0 && (
          <p className={styles.live} data-testid="collecting-count">
            {t('contests.collecting', { count: contests.data.collectingGameCount })}
          </p>
        )}
      </header>
      {tabs}
      {contests.error ? (
        <Notice title={t('contests.loadFailed', { message: messageOf(contests.error) })}>
          <Button variant="secondary" onClick={contests.reload}>
            {t('contests.retry')}
          </Button>
        </Notice>
      ) : contests.loading && !contests.data ? (
        <div className={styles.grid} aria-busy="true">
          {Array.from({ length: 3 }, (_, index) => (
            <span key={index} className={styles.placeholder} />
          ))}
        </div>
      ) : shown.length === 0 ? (
        <Notice title={t(emptyKey)} testId="contest-empty" />
      ) : (
        <div className={styles.grid}>
          {shown.map((contest) => (
            <ContestCardView key={contest.id} contest={contest} />
          ))}
        </div>
      )}
    </div>
  );
}

function ContestCardView({ contest }: { contest: ContestCard }) {
  const { t } = useTranslation();
  return (
    <Link to={contestHref(contest)} className={styles.card} data-testid="contest-card" data-id={contest.id}>
      <span className={styles.banner}>
        {contest.bannerUrl ? <img className={styles.bannerImage} src={contest.bannerUrl} alt="" loading="lazy" /> : <span className={styles.bannerTitle}>{contest.title}</span>}
        <span className={`${styles.stage} ${styles[STAGE_TONE[contest.stage]]}`}>{t(`contests.stage.${contest.stage}`)}</span>
      </span>
      <span className={styles.cardBody}>
        <span className={styles.cardTitle}>{contest.title}</span>
        <span className={styles.facts}>
          <span>{t('contests.trackCount', { count: contest.trackCount })}</span>
          {contest.totalCashFen > 0 && <span>{t('contests.prizeMoney', { amount: formatFen(contest.totalCashFen) })}</span>}
        </span>
        <span className={styles.muted}>{t('contests.closes', { time: chinaTime(contest.phases.submission.endsAt) })}</span>
        <span className={styles.more}>{contest.resultsPublished ? t('contests.winnersLink') : t('contests.view')} →</span>
      </span>
    </Link>
  );
}
