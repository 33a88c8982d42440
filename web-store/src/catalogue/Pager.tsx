import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/icons';
import styles from './Pager.module.css';
import { pageWindow } from './paging';

interface PagerProps {
  page: number;
  pages: number;
  onPage(page: number): void;
}

export function Pager({ page, pages, onPage }: PagerProps) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('pager.label')}>
      <button
        type="button"
        className={styles.step}
        onClick={() => onPage(page - 1)}
        disabled={page <= 1}
        aria-label={t('pager.prev')}
        data-testid="pager-prev"
      >
        <ChevronLeftIcon size={18} />
      </button>
      {pageWindow(page, pages).map((item, index) =>
        item === 'gap' ? (
          <span key={`gap-${index}`} className={styles.gap} aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={item}
            type="button"
            className={item === page ? `${styles.page} ${styles.current}` : styles.page}
            onClick={() => onPage(item)}
            aria-current={item === page ? 'page' : undefined}
            aria-label={t('pager.page', { page: item })}
          >
            {item}
          </button>
        ),
      )}
      <button
        type="button"
        className={styles.step}
        onClick={() => onPage(page + 1)}
        disabled={page >= pages}
        aria-label={t('pager.next')}
        data-testid="pager-next"
      >
        <ChevronRightIcon size={18} />
      </button>
    </nav>
  );
}
