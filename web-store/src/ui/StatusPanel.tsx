import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from './Button';
import styles from './StatusPanel.module.css';

interface StatusPanelProps {
  code?: string;
  title: string;
  body: string;
  homeLabel: string;
  testId: string;
  art?: ReactNode;
}

/** A centred message page with a way home: the 404 and under-work pages. */
export function StatusPanel({ code, title, body, homeLabel, testId, art }: StatusPanelProps) {
  return (
    <section className={styles.panel} data-testid={testId}>
      <div className={styles.glow} aria-hidden="true" />
      {art}
      {code && (
        <p className={styles.code} aria-hidden="true">
          {code}
        </p>
      )}
      <h1 className={styles.title}>{title}</h1>
      <p className={styles.body}>{body}</p>
      <Link to="/" className={buttonClass('primary', 'lg')}>
        {homeLabel}
      </Link>
    </section>
  );
}
