import { Link } from 'react-router-dom';
import styles from './Chips.module.css';

/** Clickable words (hot words, keywords) that each lead to a search. */
export function Chips({ items, testId }: { items: readonly { label: string; to: string }[]; testId?: string }) {
  return (
    <ul className={styles.chips}>
      {items.map((item) => (
        <li key={item.label}>
          <Link className={styles.chip} to={item.to} data-testid={testId}>
            {item.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
