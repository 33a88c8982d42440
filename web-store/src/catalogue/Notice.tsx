import type { ReactNode } from 'react';
import styles from './Notice.module.css';

/** An inline message block for empty, failed and gated states inside a page. */
export function Notice({ title, body, children, testId }: { title: string; body?: string; children?: ReactNode; testId?: string }) {
  return (
    <div className={styles.notice} data-testid={testId} role="status">
      <p className={styles.title}>{title}</p>
      {body && <p className={styles.body}>{body}</p>}
      {children}
    </div>
  );
}
