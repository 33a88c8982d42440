import type { WinnerView } from '@mkt/contracts/web';
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

function WinnerCard({ winner, trackTitle }: { winner: WinnerView; trackTitle: string }) {
  const { t } = useTranslation();
  const video = winner.files.find((file) => file.role === 'video');
  const cover = winner.files.find((file) => file.role === 'cover');
  const photos = winner.files.filter((file) => file.role === 'photo');
  return (
    <article className={styles.winner} data-testid="winner" data-entry={winner.entryId}>
      {video?.url ? (
        <video className={styles.winnerMedia} src={video.url} poster={cover?.url ?? undefined} controls preload="none" playsInline />
      ) : photos[0]?.url ? (
        <img className={styles.winnerMedia} src={photos[0].url} alt={winner.title} loading="lazy" />
      ) : null}
      {photos.length > 1 && (
        <div className={styles.thumbs}>
          {photos.slice(1).map((photo) => (
            <a key={photo.id} href={photo.url ?? undefined} target="_blank" rel="noreferrer">
              <img src={photo.url ?? undefined} alt="" loading="lazy" />
            </a>
          ))}
        </div>
      )}
      <div className={styles.winnerBody}>
        <span className={styles.place}>
          {winner.prizeTitle ?? (winner.place ? t('contests.past.place', { place: winner.place }) : '')} · {trackTitle}
        </span>
        <strong>{winner.title}</strong>
        <span className={styles.muted}>
          {t('contests.past.by', { name: winner.signature })} · {t('contests.past.score', { score: winner.averageScore })}
        </span>
      </div>
    </article>
  );
}
