import type { ContestTrackKind, JudgeView, JudgeWork } from '@mkt/contracts/web';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contestCalls } from '../../api/contestCalls';
import { Notice } from '../../catalogue/Notice';
import { useRemote } from '../../catalogue/useRemote';
import { addPageMessages } from '../../i18n/pageMessages';
import { contestsEn } from '../../i18n/resources/contests.en';
import { contestsZhCN } from '../../i18n/resources/contests.zh-CN';
import { Button } from '../../ui/Button';
import { chinaTime, messageOf } from '../Orders/common';
import styles from './Score.module.css';

addPageMessages('contests', contestsZhCN, contestsEn);

/** The key stays for the browser tab only: closing it signs the judge out. */
const KEY_STORAGE = 'judgeKey';
const PAGE_SIZE = 6;

/** /score (W), the judge portal: a key opens the works of its tracks, by type, to score. */
export default function ScorePage() {
  const { t } = useTranslation();
  const [key, setKey] = useState<string | null>(() => sessionStorage.getItem(KEY_STORAGE));
  const [judge, setJudge] = useState<JudgeView | null>(null);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!key || judge) return;
    contestCalls
      .judgeSignIn(key)
      .then(setJudge)
      .catch(() => {
        sessionStorage.removeItem(KEY_STORAGE);
        setKey(null);
      });
  }, [key, judge]);

  const signIn = () => {
    setError(null);
    if (!typed.trim()) {
      setError(t('contests.judge.invalidKey'));
      return;
    }
    contestCalls
      .judgeSignIn(typed.trim())
      .then((view) => {
        sessionStorage.setItem(KEY_STORAGE, typed.trim());
        setKey(typed.trim());
        setJudge(view);
      })
      .catch((caught: unknown) => setError(messageOf(caught)));
  };

  if (!key || !judge) {
    return (
      <div className={styles.page} data-testid="score-page">
        <form
          className={styles.signIn}
          onSubmit={(event) => {
            event.preventDefault();
            signIn();
          }}
        >
          <h1 className={styles.title}>{t('contests.judge.title')}</h1>
          <p className={styles.muted}>{t('contests.judge.lead')}</p>
          <label className={styles.field}>
            <span className={styles.label}>{t('contests.judge.key')}</span>
            <input className={styles.input} value={typed} autoComplete="off" placeholder={t('contests.judge.keyPlaceholder')} onChange={(event) => setTyped(event.target.value)} data-testid="judge-key" />
          </label>
          {error && (
            <p className={styles.error} role="alert" data-testid="judge-error">
              {error}
            </p>
          )}
          <Button type="submit" data-testid="judge-sign-in">
            {t('contests.judge.signIn')}
          </Button>
        </form>
      </div>
    );
  }
  return (
    <Judging
      judge={judge}
      judgeKey={key}
      onSignOut={() => {
        sessionStorage.removeItem(KEY_STORAGE);
        setKey(null);
        setJudge(null);
        setTyped('');
      }}
    />
  );
}

function Judging({ judge, judgeKey, onSignOut }: { judge: JudgeView; judgeKey: string; onSignOut: () => void }) {
  const { t } = useTranslation();
  const [type, setType] = useState<ContestTrackKind>(judge.kinds[0] ?? 'video');
  return (
    <div className={styles.page} data-testid="judging">
      <header className={styles.head}>
        <div>
          <h1 className={styles.title}>{t('contests.judge.title')}</h1>
          <p>{t('contests.judge.hello', { name: judge.name, contest: judge.contestTitle })}</p>
          <p className={styles.muted}>{t('contests.judge.window', { from: chinaTime(judge.reviewStartsAt), to: chinaTime(judge.reviewEndsAt) })}</p>
        </div>
        <Button variant="secondary" onClick={onSignOut}>
          {t('contests.judge.signOut')}
        </Button>
      </header>
      {!judge.open && (
        <p className={styles.warning} data-testid="judge-closed">
          {t('contests.judge.closed')}
        </p>
      )}
      <div className={styles.tabs} role="tablist">
        {(['video', 'photo'] as const)
          .filter((kind) => judge.kinds.includes(kind))
          .map((kind) => (
            <button
              key={kind}
              type="button"
              role="tab"
              aria-selected={type === kind}
              className={type === kind ? `${styles.tab} ${styles.tabActive}` : styles.tab}
              onClick={() => setType(kind)}
              data-testid={`judge-type-${kind}`}
            >
              {t(`contests.judge.types.${kind}`)}
            </button>
          ))}
      </div>
      {/* Keyed by type: the works of the other type never stay on screen, scorable, while these load. */}
      <WorksOfType key={type} type={type} judge={judge} judgeKey={judgeKey} />
    </div>
  );
}

/** One type's works, a page at a time; its page and note start afresh when the type changes. */
function WorksOfType({ type, judge, judgeKey }: { type: ContestTrackKind; judge: JudgeView; judgeKey: string }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const [note, setNote] = useState<string | null>(null);
  const works = useRemote((signal) => contestCalls.judgeWorks(judgeKey, type, page, PAGE_SIZE, { signal }), [judgeKey, type, page, i18n.language]);
  const data = works.data;
  const move = (delta: number) => {
    if (!data) return;
    if (delta < 0 && !data.hasPrevious) return setNote(t('contests.judge.noPrev'));
    if (delta > 0 && !data.hasNext) return setNote(t('contests.judge.noNext'));
    setNote(null);
    setPage(page + delta);
  };
  return works.error ? (
    <Notice title={messageOf(works.error)} />
  ) : !data ? null : data.total === 0 || (!data.scorable && judge.open) ? (
    <Notice title={t('contests.judge.noWorks')} testId="judge-no-works" />
  ) : (
    <>
      <p className={styles.muted} data-testid="judge-page">
        {t('contests.judge.page', { page: data.pageNo, total: data.total })}
      </p>
      <div className={styles.works}>
        {data.list.map((work) => (
          <WorkCard key={work.entryId} work={work} judgeKey={judgeKey} maxScore={judge.maxScore} open={data.scorable} onSaved={works.reload} />
        ))}
      </div>
      <div className={styles.pager}>
        <Button variant="secondary" onClick={() => move(-1)} aria-disabled={!data.hasPrevious} data-testid="judge-prev">
          {t('contests.judge.prev')}
        </Button>
        <Button variant="secondary" onClick={() => move(1)} aria-disabled={!data.hasNext} data-testid="judge-next">
          {t('contests.judge.next')}
        </Button>
      </div>
      {note && (
        <p className={styles.muted} role="status" data-testid="judge-page-note">
          {note}
        </p>
      )}
    </>
  );
}

/**
 * An entry's video: a click anywhere on the picture plays it. Chromium's own controls do not start
 * a video that has not loaded yet on a click on the picture, so the controls appear once playback
 * has started (then they pause, seek and go full screen as usual).
 */
function JudgeVideo({ url, poster, title }: { url: string; poster: string | null; title: string }) {
  const { t } = useTranslation();
  const [started, setStarted] = useState(false);
  const start = (video: HTMLVideoElement) => {
    setStarted(true);
    void video.play().catch(() => undefined);
  };
  return (
    <div className={styles.mediaFrame}>
      <video
        className={styles.media}
        src={url}
        poster={poster ?? undefined}
        controls={started}
        preload="none"
        playsInline
        onClick={(event) => {
          if (!started) start(event.currentTarget);
        }}
        onPlay={() => setStarted(true)}
        data-testid="judge-video"
      />
      {!started && (
        <button
          type="button"
          className={styles.play}
          aria-label={t('contests.judge.play', { title })}
          onClick={(event) => {
            const video = event.currentTarget.parentElement?.querySelector('video');
            if (video) start(video);
          }}
          data-testid="judge-video-play"
        >
          <span aria-hidden="true">▶</span>
        </button>
      )}
    </div>
  );
}

function WorkCard({ work, judgeKey, maxScore, open, onSaved }: { work: JudgeWork; judgeKey: string; maxScore: number; open: boolean; onSaved: () => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(String(work.myScore));
  // Our own messages are kept as keys, so they follow a change of language; the server's come in the language they were asked in.
  const [state, setState] = useState<{ tone: 'ok' | 'error'; message: { key: 'contests.judge.saved' } | { key: 'contests.judge.scoreInvalid'; max: number } | { text: string } } | null>(null);
  const video = work.files.find((file) => file.role === 'video');
  const cover = work.files.find((file) => file.role === 'cover');
  const photos = work.files.filter((file) => file.role === 'photo');
  const save = () => {
    const score = Number(value);
    if (!/^\d{1,4}$/.test(value) || score > maxScore) {
      setState({ tone: 'error', message: { key: 'contests.judge.scoreInvalid', max: maxScore } });
      return;
    }
    contestCalls
      .judgeScore(judgeKey, work.entryId, score)
      .then(() => {
        setState({ tone: 'ok', message: { key: 'contests.judge.saved' } });
        onSaved();
      })
      .catch((error: unknown) => setState({ tone: 'error', message: { text: messageOf(error) } }));
  };
  return (
    <article className={styles.work} data-testid="judge-work" data-entry={work.entryId}>
      {video?.url ? (
        <JudgeVideo url={video.url} poster={cover?.url ?? null} title={work.title} />
      ) : (
        <div className={styles.photos}>
          {photos.map((photo) => (
            <a key={photo.id} href={photo.url ?? undefined} target="_blank" rel="noreferrer" title={t('contests.judge.open')}>
              <img src={photo.url ?? undefined} alt="" loading="lazy" />
            </a>
          ))}
        </div>
      )}
      <div className={styles.workBody}>
        <span className={styles.muted}>{work.trackTitle}</span>
        <strong>{work.title}</strong>
        {work.intro && <p className={styles.intro}>{work.intro}</p>}
        <span className={styles.muted} data-testid="judge-my-score">
          {work.myScore > 0 ? t('contests.judge.myScore', { score: work.myScore }) : t('contests.judge.unscored')}
        </span>
        {open && (
          <form
            className={styles.scoreForm}
            onSubmit={(event) => {
              event.preventDefault();
              save();
            }}
          >
            <label className={styles.label}>
              {t('contests.judge.score', { max: maxScore })}
              <input className={styles.input} inputMode="numeric" value={value} onChange={(event) => setValue(event.target.value.trim())} data-testid="judge-score" />
            </label>
            <Button type="submit" data-testid="judge-save">
              {t('contests.judge.save')}
            </Button>
          </form>
        )}
        {state && (
          <span className={state.tone === 'ok' ? styles.ok : styles.error} role="status" data-testid="judge-score-message">
            {'text' in state.message ? state.message.text : state.message.key === 'contests.judge.saved' ? t(state.message.key) : t(state.message.key, { max: state.message.max })}
          </span>
        )}
      </div>
    </article>
  );
}
