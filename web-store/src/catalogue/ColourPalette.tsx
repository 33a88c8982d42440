import { COLOUR_SWATCH_HEX, FILTER_VALUES, type ColourSwatch, type FacetBucket } from '@mkt/contracts/web';
import type { CSSProperties } from 'react';
import styles from './ColourPalette.module.css';

interface ColourPaletteProps {
  label: string;
  /** The filter column's group and title classes, so the palette sits in it as the other filters do. */
  className: string;
  titleClassName: string;
  buckets: FacetBucket[] | undefined;
  chosen: string[];
  labelOf(value: string): string;
  onToggle(value: string): void;
}

/**
 * The colour filter as a palette: a swatch per named colour, ticked when chosen, its count in its
 * tooltip and accessible name; a colour no result has is dimmed but stays choosable when chosen.
 */
export function ColourPalette({ label, className, titleClassName, buckets, chosen, labelOf, onToggle }: ColourPaletteProps) {
  if (!buckets) return null;
  const counts = new Map(buckets.map((bucket) => [bucket.value, bucket.count]));
  return (
    <fieldset className={className}>
      <legend className={titleClassName}>{label}</legend>
      <div className={styles.swatches}>
        {FILTER_VALUES.colour.map((swatch: ColourSwatch) => {
          const on = chosen.includes(swatch);
          const count = counts.get(swatch) ?? 0;
          const name = `${labelOf(swatch)} (${count})`;
          return (
            <button
              key={swatch}
              type="button"
              role="checkbox"
              aria-checked={on}
              aria-label={name}
              title={name}
              className={on ? `${styles.swatch} ${styles.on}` : styles.swatch}
              style={{ '--swatch': COLOUR_SWATCH_HEX[swatch] } as CSSProperties}
              disabled={!on && count === 0}
              onClick={() => onToggle(swatch)}
              data-testid={`filter-colour-${swatch}`}
            />
          );
        })}
      </div>
    </fieldset>
  );
}
