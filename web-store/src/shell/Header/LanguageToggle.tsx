import { useTranslation } from 'react-i18next';
import { otherLanguage, parseLanguage } from '../../i18n/language';
import { changeLanguage } from '../../i18n/i18n';
import styles from './LanguageToggle.module.css';

/** ZH/EN switch: one button that flips between the two languages and shows the current one. */
export function LanguageToggle() {
  const { t, i18n } = useTranslation();
  const current = parseLanguage(i18n.language) ?? 'zh-CN';
  return (
    <button
      type="button"
      className={styles.toggle}
      onClick={() => void changeLanguage(otherLanguage(current))}
      aria-label={t('header.languageToggle')}
      data-testid="lang-toggle"
      data-lang={current}
    >
      <span className={current === 'zh-CN' ? styles.current : styles.other}>中</span>
      <span className={styles.divider} aria-hidden="true">
        /
      </span>
      <span className={current === 'en' ? styles.current : styles.other}>EN</span>
    </button>
  );
}
