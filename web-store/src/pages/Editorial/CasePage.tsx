import type { MaterialCard } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { catalogueCalls } from '../../api/catalogueCalls';
import { ApiError, serverMessageOr } from '../../api/client';
import { MaterialGrid } from '../../catalogue/MaterialGrid';
import { Notice } from '../../catalogue/Notice';
import { detailPath } from '../../catalogue/materialFormat';
import { useRemote } from '../../catalogue/useRemote';
import { Button, buttonClass } from '../../ui/Button';
import styles from './CasePage.module.css';

/** /Case?id=: one brand case or original entry: cover, title, brand, text, featured material, related material cards. */
export default function CasePage() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  const result = useRemote((signal) => (id > 0 ? catalogueCalls.editorialDetail(id, { signal }) : Promise.resolve(null)), [id, i18n.language]);

  if (id <= 0 || result.error || (!result.loading && !result.data)) {
    const error = result.error;
    const offline = error instanceof ApiError && error.code < 0;
    const title = id <= 0 ? t('editorial.missingId') : serverMessageOr(error, t('editorial.notFound'));
    return (
      <div className={styles.page}>
        <Notice title={title} body={id <= 0 ? t('editorial.missingIdBody') : undefined} testId="case-missing">
          {offline ? (
            <Button variant="secondary" onClick={result.reload}>
              {t('catalogue.retry')}
            </Button>
          ) : (
            <div className={styles.ways}>
              <Link to="/CaseList" className={buttonClass('primary')}>
                {t('editorial.allCases')}
              </Link>
              <Link to="/OriginList" className={buttonClass('secondary')}>
                {t('editorial.allOriginals')}
              </Link>
            </div>
          )}
        </Notice>
      </div>
    );
  }

  const entry = result.data;
  const back = entry?.kind === 'original' ? { to: '/OriginList', label: t('editorial.allOriginals') } : { to: '/CaseList', label: t('editorial.allCases') };
  return (
    <article className={styles.page} data-testid="case-page">
      <header className={styles.hero}>
        {entry?.cover && <img className={styles.cover} src={entry.cover} alt="" />}
        <span className={styles.shade} aria-hidden="true" />
        <div className={styles.heroText}>
          <Link to={back.to} className={styles.crumb}>
            {back.label}
          </Link>
          {entry?.brand && (
            <p className={styles.brand} data-testid="case-brand">
              {t('editorial.brand')} · {entry.brand}
            </p>
          )}
          <h1 className={styles.title} data-testid="case-title">
            {entry?.title ?? '\u00a0'}
          </h1>
        </div>
      </header>
      {entry && (
        <div className={styles.columns}>
          <div className={styles.text}>
            {entry.paragraphs.map((paragraph, index) => (
              <p key={index}>{paragraph}</p>
            ))}
          </div>
          {entry.featured && <Featured card={entry.featured} />}
        </div>
      )}
      {entry && entry.related.length > 0 && (
        <section className={styles.related}>
          <h2 className={styles.relatedTitle}>
            {t('editorial.related')} <span className={styles.count}>{t('editorial.relatedCount', { count: entry.related.length })}</span>
          </h2>
          <MaterialGrid cards={entry.related} />
        </section>
      )}
      {!entry && <MaterialGrid cards={[]} loading skeletons={4} />}
    </article>
  );
}

/** The featured material: its 480p preview playing (muted, looped) for a video, the picture for a photo. */
function Featured({ card }: { card: MaterialCard }) {
  const { t } = useTranslation();
  return (
    <figure className={styles.featured} data-testid="case-featured" data-kind={card.kind}>
      <Link to={detailPath(card)} className={styles.featuredMedia} aria-label={card.title}>
        {card.kind === 'video' && card.url480 ? (
          <video src={card.url480} poster={card.thumbnail} autoPlay muted loop playsInline preload="metadata" />
        ) : (
          <img src={card.thumbnail} alt={card.title} />
        )}
      </Link>
      <figcaption className={styles.caption}>
        <span className={styles.captionLabel}>{t('editorial.featured')}</span>
        <span className={styles.captionTitle}>{card.title}</span>
        <Link to={detailPath(card)} className={styles.captionLink}>
          {t('editorial.viewMaterial')} →
        </Link>
      </figcaption>
    </figure>
  );
}
