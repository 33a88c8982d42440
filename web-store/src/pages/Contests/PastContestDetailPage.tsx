import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { contestCalls } from '../../api/contestCalls';
import { Notice } from '../../catalogue/Notice';
import { useRemote } from '../../catalogue/useRemote';
import { addPageMessages } from '../../i18n/pageMessages';
import { contestsEn } from '../../i18n/resources/contests.en';
import { contestsZhCN } from '../../i18n/resources/contests.zh-CN';
import { Button, buttonClass } from '../../ui/Button';
import { chinaTime, messageOf } from '../Orders/common';
import styles from './Contests.module.css';
import { contestIdParam } from './contestText';
import { WinnerCard } from './WinnerCard';

addPageMessages('contests', contestsZhCN, contestsEn);

/** /postActivityDetail?id=: a past contest and its winners' gallery with the real media. */
export default function PastContestDetailPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = contestIdParam(params.get('id'));
  const contest = useRemote((signal) => (id === null ? Promise.resolve(null) : contestCalls.detail(id, { signal })), [id, i18n.language]);
  const results = useRemote(
    (signal) => (id === null ? Promise.resolve(null) : contestCalls.results(id, { signal }).catch((error: unknown) => (error instanceof ApiError && error.code === 8034 ? null : Promise.reject(error)))),
    [id, i18n.language],
  );
  if (id === null) {
    return (
      <div className={styles.page}>
        <Notice title={t('contests.missingId')} testId="contest-missing">
          <Link className={buttonClass('secondary')} to="/postActivityList">
            {t('contests.backToList')}
          </Link>
        </Notice>
      </div>
    );
  }
  const failure = contest.error ?? results.error;
  if (failure) {
    return (
      <div className={styles.page}>
        <Notice title={t('contests.loadFailed', { message: messageOf(failure) })} testId="contest-failed">
          <Button
            variant="secondary"
            onClick={() => {
              contest.reload();
              results.reload();
            }}
          >
            {t('contests.retry')}
          </Button>
        </Notice>
      </div>
    );
  }
  if (!contest.data) return <div className={styles.page} aria-busy="true" />;
  const trackTitle = (trackId: number) => contest.data?.tracks.find((track) => track.id === trackId)?.title ?? '';
  return (
    <div className={styles.page} data-testid="past-contest">
      <header className={styles.hero}>
        {contest.data.bannerUrl && <img className={styles.heroImage} src={contest.data.bannerUrl} alt="" />}
        <div className={styles.heroText}>
          <span className={styles.heroStage}>{t(`contests.stage.${contest.data.stage}`)}</span>
          <h1 className={styles.heroTitle}>{contest.data.title}</h1>
          {results.data && <span>{t('contests.past.publishedAt', { time: chinaTime(results.data.publishedAt) })}</span>}
        </div>
      </header>
      <div className={styles.tabs}>
        <Link className={styles.tabLink} to={`/ActivityDetail?id=${id}`}>
          {t('contests.view')} →
        </Link>
      </div>
      <h2 className={styles.sectionTitle}>{t('contests.past.winners')}</h2>
      {!results.data ? (
        results.loading ? null : <Notice title={t('contests.past.noResults')} testId="no-results" />
      ) : results.data.winners.length === 0 ? (
        <Notice title={t('contests.past.noResults')} testId="no-results" />
      ) : (
        <div className={styles.gallery}>
          {results.data.winners.map((winner) => (
            <WinnerCard key={winner.entryId} winner={winner} trackTitle={trackTitle(winner.trackId)} />
          ))}
        </div>
      )}
    </div>
  );
}
