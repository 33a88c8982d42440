import type { MaterialCard as Card } from '@mkt/contracts/web';
import { MaterialCard } from './MaterialCard';
import styles from './MaterialGrid.module.css';
import type { DetailMdp } from './materialFormat';

interface MaterialGridProps {
  cards: readonly Card[];
  /** Placeholder tiles while the first page loads. */
  loading?: boolean;
  skeletons?: number;
  mdp?: DetailMdp;
  /** Denser grid for wide result pages, roomier for the home page. */
  size?: 'normal' | 'large';
  /** Cards picked so far, where several can be picked at once. */
  selection?: { selected: ReadonlySet<number>; toggle(id: number): void };
}

export function MaterialGrid({ cards, loading = false, skeletons = 8, mdp, size = 'normal', selection }: MaterialGridProps) {
  const className = size === 'large' ? `${styles.grid} ${styles.large}` : styles.grid;
  if (loading && cards.length === 0) {
    return (
      <div className={className} aria-busy="true">
        {Array.from({ length: skeletons }, (_, index) => (
          <div key={index} className={styles.skeleton}>
            <span className={styles.skeletonMedia} />
            <span className={styles.skeletonLine} />
            <span className={styles.skeletonLineShort} />
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className={loading ? `${className} ${styles.stale}` : className} aria-busy={loading}>
      {cards.map((card) => (
        <MaterialCard key={card.id} card={card} mdp={mdp} selection={selection ? { selected: selection.selected.has(card.id), toggle: () => selection.toggle(card.id) } : undefined} />
      ))}
    </div>
  );
}
