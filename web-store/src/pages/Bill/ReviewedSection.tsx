import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../Orders/common';
import styles from './Bill.module.css';

/**
 * A part of the account tab that staff review (the real-name check, bank info): its title with
 * the review state, the lead, and while it loads or fails the same words; the content once read.
 */
export function ReviewedSection<S extends string, V extends { status: S }>({
  name,
  title,
  lead,
  view,
  statusLabel,
  tones,
  error,
  children,
}: {
  /** Test ids and the heading id: `bill-${name}`. */
  name: string;
  title: string;
  lead: string;
  /** What the server answered, null while it loads. */
  view: V | null;
  statusLabel: (status: S) => string;
  tones: Record<S, 'attention' | 'progress' | 'done' | 'problem'>;
  error: unknown;
  /** The content, once the view is read. */
  children: (view: V) => ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = `bill-${name}-title`;
  return (
    <section className={styles.section} aria-labelledby={headingId} data-testid={`bill-${name}`} data-status={view?.status}>
      <div className={styles.sectionHead}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {title}
        </h2>
        {view && (
          <span className={`${styles.status} ${styles[tones[view.status]]}`} data-testid={`bill-${name}-status`}>
            {statusLabel(view.status)}
          </span>
        )}
      </div>
      <p className={styles.muted}>{lead}</p>
      {error ? (
        <p className={styles.error}>{t('bill.loadFailed', { message: messageOf(error) })}</p>
      ) : view === null ? (
        <p className={styles.muted}>{t('bill.loading')}</p>
      ) : (
        children(view)
      )}
    </section>
  );
}
