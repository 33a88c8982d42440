import { useId } from 'react';
import styles from './Logo.module.css';

/** The brand mark: a spark of light on an amber tile, with the site name beside it. */
export function Logo({ name, compact = false }: { name: string; compact?: boolean }) {
  const gradientId = useId();
  return (
    <span className={styles.logo}>
      <svg className={styles.mark} viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#ffd98a" />
            <stop offset="1" stopColor="#ef9d1a" />
          </linearGradient>
        </defs>
        <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
        <path d="M16 6c.9 6.4 3.6 9.1 10 10-6.4.9-9.1 3.6-10 10-.9-6.4-3.6-9.1-10-10 6.4-.9 9.1-3.6 10-10Z" fill="#1a1306" />
      </svg>
      <span className={compact ? `${styles.name} ${styles.compactName}` : styles.name}>{name}</span>
    </span>
  );
}
