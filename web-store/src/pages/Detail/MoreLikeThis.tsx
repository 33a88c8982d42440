import type { MaterialCard } from '@mkt/contracts/web';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { catalogueCalls } from '../../api/catalogueCalls';
import { MaterialGrid } from '../../catalogue/MaterialGrid';
import { useRemote } from '../../catalogue/useRemote';
import { Button } from '../../ui/Button';
import styles from './DetailPage.module.css';

type Part = 'subject' | 'colour' | 'composition';
const PARTS: Part[] = ['subject', 'colour', 'composition'];

/**
 * "Similar materials" that the buyer steers: alike by subject (what the detail page lists), by
 * colours, by composition, or any of them together; at least one stays on.
 */
export function MoreLikeThis({ materialId, bySubject }: { materialId: number; bySubject: readonly MaterialCard[] }) {
  const { t, i18n } = useTranslation();
  const [parts, setParts] = useState<Record<Part, boolean>>({ subject: true, colour: false, composition: false });
  const steered = parts.colour || parts.composition;
  const answer = useRemote(
    (signal) => (steered ? catalogueCalls.similarBy({ id: materialId, ...parts }, { signal }) : Promise.resolve(null)),
    [materialId, parts.subject, parts.colour, parts.composition, i18n.language],
  );
  const cards = steered ? (answer.data?.infos ?? []) : bySubject;

  // Opened from a card's "more like this": this section, not the top of the page (again once its
  // cards are in, which moves what is below the player).
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  const shown = steered ? (answer.data?.infos.length ?? 0) : bySubject.length;
  useEffect(() => {
    if (hash !== '#more-like-this') return;
    const frame = requestAnimationFrame(() => section.current?.scrollIntoView({ block: 'start' }));
    return () => cancelAnimationFrame(frame);
  }, [hash, materialId, shown]);

  const toggle = (part: Part) =>
    setParts((now) => {
      const next = { ...now, [part]: !now[part] };
      return PARTS.some((name) => next[name]) ? next : now;
    });

  return (
    <section className={styles.section} id="more-like-this" ref={section} data-testid="more-like-this">
      <div className={styles.similarHead}>
        <h2 className={styles.sectionTitle}>{t('detail.similar')}</h2>
        <div className={styles.similarBy} role="group" aria-label={t('detail.similarBy.label')}>
          <span className={styles.similarByLabel}>{t('detail.similarBy.label')}</span>
          {PARTS.map((part) => (
            <Button
              key={part}
              variant="ghost"
              aria-pressed={parts[part]}
              className={parts[part] ? styles.similarByOn : undefined}
              onClick={() => toggle(part)}
              data-testid={`similar-by-${part}`}
            >
              {t(`detail.similarBy.${part}`)}
            </Button>
          ))}
        </div>
      </div>
      {steered && answer.data && !answer.data.byLook && <p className={styles.similarNote}>{t('detail.similarBy.notIndexed')}</p>}
      {cards.length === 0 && !answer.loading ? (
        <p className={styles.similarNote} data-testid="similar-by-none">
          {t('detail.similarBy.none')}
        </p>
      ) : (
        <MaterialGrid cards={cards} loading={steered && answer.loading} skeletons={4} mdp={6} />
      )}
    </section>
  );
}
