import type { BookmarkItem } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { CloseIcon, MusicIcon } from '../ui/icons';
import styles from './BookmarkList.module.css';
import { bookmarkLink } from './collectTabs';

interface BookmarkListProps {
  items: readonly BookmarkItem[];
  /** Removes a bookmark; left out in places that only preview. */
  onCancel?(item: BookmarkItem): void;
  compact?: boolean;
  onNavigate?(): void;
}

/** Collected items: thumbnails for videos and photos, titles for music and sound effects. */
export function BookmarkList({ items, onCancel, compact = false, onNavigate }: BookmarkListProps) {
  const { t } = useTranslation();
  return (
    <ul className={compact ? `${styles.list} ${styles.compact}` : styles.list}>
      {items.map((item) => {
        const to = bookmarkLink(item);
        const image = item.thumbnail || item.coverStr;
        const body = (
          <>
            <span className={styles.media}>
              {image ? <img src={image} alt="" loading="lazy" /> : <MusicIcon size={compact ? 18 : 28} />}
            </span>
            <span className={styles.text}>
              <span className={styles.title}>{item.title}</span>
              {!compact && <span className={styles.code}>{to ? item.code : t('collect.musicLater')}</span>}
            </span>
          </>
        );
        return (
          <li key={item.id} className={styles.item} data-testid="collect-item" data-id={item.id}>
            {to ? (
              <Link to={to} className={styles.link} onClick={onNavigate}>
                {body}
              </Link>
            ) : (
              <span className={styles.link}>{body}</span>
            )}
            {onCancel && (
              <button
                type="button"
                className={styles.cancel}
                onClick={() => onCancel(item)}
                aria-label={t('collect.cancel')}
                title={t('collect.cancel')}
                data-testid="collect-cancel"
              >
                <CloseIcon size={16} />
                {!compact && <span>{t('collect.cancel')}</span>}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
