import { CONTEST_LIMITS, formatAverageScore, type WinnerView } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import styles from './Contests.module.css';

/** A winning work with its real media: the video (its cover as poster) or the photo group. */
export function WinnerCard({ winner, trackTitle }: { winner: WinnerView; trackTitle?: string }) {
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
          {winner.prizeTitle ?? (winner.place ? t('contests.past.place', { place: winner.place }) : '')}
          {trackTitle ? ` · ${trackTitle}` : ''}
        </span>
        <strong>{winner.title}</strong>
        <span className={styles.muted}>
          {t('contests.past.by', { name: winner.signature })} · {t('contests.past.score', { score: formatAverageScore(winner.averageScore), base: CONTEST_LIMITS.rubricBase })}
        </span>
      </div>
    </article>
  );
}
