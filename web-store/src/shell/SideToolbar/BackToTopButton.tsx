import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowUpIcon } from '../../ui/icons';
import styles from './SideToolbar.module.css';

/** Shows up once the page has scrolled beyond the first screen. */
const SHOW_AFTER_PX = 480;

export function BackToTopButton() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const update = () => setVisible(window.scrollY > SHOW_AFTER_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);

  return (
    <button
      type="button"
      className={`${styles.tool} ${styles.backToTop} ${visible ? styles.backToTopVisible : ''}`}
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      aria-label={t('toolbar.backToTop')}
      aria-hidden={!visible}
      tabIndex={visible ? 0 : -1}
      data-testid="back-to-top"
    >
      <ArrowUpIcon />
      <span className={styles.tip}>{t('toolbar.backToTop')}</span>
    </button>
  );
}
