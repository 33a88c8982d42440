import { useTranslation } from 'react-i18next';
import { useVipRule } from '../../orders/vipRule';
import { CheckIcon } from '../../ui/icons';
import { LoginForm } from './LoginForm';
import styles from './LoginPage.module.css';

export default function LoginPage() {
  const { t } = useTranslation();
  const vip = useVipRule();
  const points = [t('login.brandPoints.licensed'), t('login.brandPoints.license'), vip.rule];
  return (
    <div className={styles.page}>
      <div className={styles.card}>
        <aside className={styles.brand} aria-hidden="true">
          <div className={styles.frames}>
            <span />
            <span />
            <span />
          </div>
          <div className={styles.brandText}>
            <p className={styles.brandHeadline}>{t('login.brandHeadline')}</p>
            <ul className={styles.points}>
              {points.map((point) => (
                <li key={point}>
                  <CheckIcon size={16} />
                  {point}
                </li>
              ))}
            </ul>
          </div>
        </aside>
        <section className={styles.formSide}>
          <h1 className={styles.title}>{t('login.title')}</h1>
          <p className={styles.subtitle}>{t('login.subtitle')}</p>
          <LoginForm />
        </section>
      </div>
    </div>
  );
}
