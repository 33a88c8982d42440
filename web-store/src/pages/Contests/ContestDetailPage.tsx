import { formatFen, type ContestDetail } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { loginUrlReturningTo } from '../../api/authLoss';
import { contestCalls } from '../../api/contestCalls';
import { Notice } from '../../catalogue/Notice';
import { useRemote } from '../../catalogue/useRemote';
import { addPageMessages } from '../../i18n/pageMessages';
import { contestsEn } from '../../i18n/resources/contests.en';
import { contestsZhCN } from '../../i18n/resources/contests.zh-CN';
import { useSession } from '../../session/SessionProvider';
import { Button, buttonClass } from '../../ui/Button';
import { chinaTime, messageOf } from '../Orders/common';
import styles from './Contests.module.css';
import { contestIdParam, prizeLines, timeline } from './contestText';
import { EntryForm } from './EntryForm';
import { MyEntries } from './MyEntries';
import { useState } from 'react';

addPageMessages('contests', contestsZhCN, contestsEn);

/** /ActivityDetail?id=: rules, tracks, timeline, prizes, the entry form and the visitor's own entries. */
export default function ContestDetailPage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const id = contestIdParam(params.get('id'));
  const contest = useRemote((signal) => (id === null ? Promise.resolve(null) : contestCalls.detail(id, { signal })), [id, i18n.language]);
  if (id === null) {
    return (
      <div className={styles.page}>
        <Notice title={t('contests.missingId')} testId="contest-missing">
          <Link className={buttonClass('secondary')} to="/ActivityList">
            {t('contests.backToList')}
          </Link>
        </Notice>
      </div>
    );
  }
  if (contest.error) {
    return (
      <div className={styles.page}>
        <Notice title={t('contests.loadFailed', { message: messageOf(contest.error) })} testId="contest-failed">
          <Button variant="secondary" onClick={contest.reload}>
            {t('contests.retry')}
          </Button>
        </Notice>
      </div>
    );
  }
  if (!contest.data) return <div className={styles.page} aria-busy="true" />;
  return <ContestView contest={contest.data} />;
}

function ContestView({ contest }: { contest: ContestDetail }) {
  const { t } = useTranslation();
  const [entriesVersion, setEntriesVersion] = useState(0);
  const trackTitle = (trackId: number | null) => (trackId === null ? t('contests.detail.wholeContest') : (contest.tracks.find((track) => track.id === trackId)?.title ?? ''));
  return (
    <div className={styles.page} data-testid="contest-detail" data-stage={contest.stage}>
      <header className={styles.hero}>
        {contest.bannerUrl && <img className={styles.heroImage} src={contest.bannerUrl} alt="" />}
        <div className={styles.heroText}>
          <span className={styles.heroStage}>{t(`contests.stage.${contest.stage}`)}</span>
          <h1 className={styles.heroTitle}>{contest.title}</h1>
          <span>{t('contests.closes', { time: chinaTime(contest.phases.submission.endsAt) })}</span>
        </div>
      </header>
      {contest.resultsPublished && (
        <Notice title={t('contests.detail.resultsOut')}>
          <Link className={buttonClass('primary')} to={`/postActivityDetail?id=${contest.id}`}>
            {t('contests.winnersLink')}
          </Link>
        </Notice>
      )}
      <div className={styles.layout}>
        <div>
          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{t('contests.detail.rules')}</h2>
            {contest.rules && <p className={styles.rules}>{contest.rules}</p>}
            <p className={styles.muted}>{t('contests.rules.general', { max: contest.entriesPerTrack })}</p>
            <p className={styles.muted}>{t('contests.detail.scoring', { max: contest.maxScore })}</p>
            {contest.pointsPool > 0 && <p className={styles.muted}>{t('contests.detail.points', { points: contest.pointsPool.toLocaleString('en-US') })}</p>}
            <p className={styles.muted}>{t('contests.detail.winnerDays', { days: contest.winnerInfoDays })}</p>
          </section>
          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{t('contests.detail.tracks')}</h2>
            <ul className={styles.trackList}>
              {contest.tracks.map((track) => (
                <li key={track.id} className={styles.track} data-testid="contest-track">
                  <span>
                    <span className={styles.kind}>{t(`contests.judge.types.${track.kind}`)}</span>
                    <strong>{track.title}</strong>
                  </span>
                  {track.rules && <span className={styles.rules}>{track.rules}</span>}
                  <span className={styles.muted}>{t(`contests.rules.${track.kind}`)}</span>
                </li>
              ))}
            </ul>
          </section>
          {contest.prizes.length > 0 && (
            <section className={styles.section}>
              <h2 className={styles.sectionTitle}>{t('contests.detail.prizes')}</h2>
              <ul className={styles.prizeList}>
                {prizeLines(contest.prizes).map((line) => (
                  <li key={line.key} className={styles.prize} data-testid="contest-prize">
                    <span>
                      <strong>{line.title}</strong> ·{' '}
                      {line.trackIds === null
                        ? t('contests.detail.wholeContest')
                        : line.trackIds.length === contest.tracks.length && contest.tracks.length > 1
                          ? t('contests.detail.everyTrack')
                          : line.trackIds.map(trackTitle).join(t('contests.detail.listSeparator'))}{' '}
                      · {line.trackIds !== null && line.trackIds.length > 1 ? t('contests.detail.winnersEach', { count: line.winners }) : t('contests.detail.winners', { count: line.winners })}
                      {line.eligibility !== 'all' && <span className={styles.muted}> · {t(`contests.detail.eligibility.${line.eligibility}`)}</span>}
                      {line.goods && <span className={styles.muted}> · {t('contests.detail.goods', { goods: line.goods })}</span>}
                    </span>
                    <span className={styles.cash}>{formatFen(line.cashFen)}</span>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
        <aside>
          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{t('contests.detail.timeline')}</h2>
            <ol className={styles.timeline}>
              {timeline(contest).map((step) => (
                <li key={step.phase} className={step.current ? `${styles.step} ${styles.stepCurrent}` : styles.step} data-current={step.current}>
                  <span className={styles.stepName}>
                    {t(`contests.phase.${step.phase}`)}
                    {step.current && ` · ${t('contests.detail.now')}`}
                  </span>
                  <span className={styles.muted}>
                    {chinaTime(step.startsAt)} – {chinaTime(step.endsAt)}
                  </span>
                </li>
              ))}
            </ol>
          </section>
          <Participation contest={contest} entriesVersion={entriesVersion} onSubmitted={() => setEntriesVersion((v) => v + 1)} />
        </aside>
      </div>
    </div>
  );
}

/** The entry form while the contest takes entries, and the visitor's own entries; visitors are asked to sign in. */
function Participation({ contest, entriesVersion, onSubmitted }: { contest: ContestDetail; entriesVersion: number; onSubmitted: () => void }) {
  const { t } = useTranslation();
  const { status } = useSession();
  const location = useLocation();
  if (status === 'checking') return null;
  if (status === 'signedOut') {
    return (
      <section className={styles.section}>
        <Notice title={t('contests.detail.signInToEnter')} testId="contest-sign-in">
          <Link className={buttonClass('primary')} to={loginUrlReturningTo(location.pathname + location.search)}>
            {t('contests.detail.signIn')}
          </Link>
        </Notice>
      </section>
    );
  }
  return (
    <>
      {contest.stage === 'submission' ? (
        <section className={styles.section}>
          <h2 className={styles.sectionTitle}>{t('contests.form.title')}</h2>
          <EntryForm contest={contest} onSubmitted={onSubmitted} />
        </section>
      ) : (
        <section className={styles.section}>
          <p className={styles.muted} data-testid="contest-not-collecting">
            {t('contests.detail.notCollecting')}
          </p>
        </section>
      )}
      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('contests.mine.title')}</h2>
        <MyEntries contestId={contest.id} version={entriesVersion} />
      </section>
    </>
  );
}
