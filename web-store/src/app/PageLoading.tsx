import { useTranslation } from 'react-i18next';
import styles from './PageLoading.module.css';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className={styles.wrap} role="status">
      <span className={styles.spinner} aria-hidden="true" />
      <span className="visually-hidden">{t('pages.loading')}</span>
    </div>
  );
}
