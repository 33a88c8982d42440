import { useTranslation } from 'react-i18next';
import { catalogueCalls } from '../../api/catalogueCalls';
import { Notice } from '../../catalogue/Notice';
import { TopicCard } from '../../catalogue/TopicCard';
import { useRemote } from '../../catalogue/useRemote';
import { Button } from '../../ui/Button';
import styles from './TopicListPage.module.css';

/** /TopicList: every topic. */
export default function TopicListPage() {
  const { t, i18n } = useTranslation();
  const topics = useRemote((signal) => catalogueCalls.topicList({ signal }), [i18n.language]);
  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('topic.listTitle')}</h1>
        <p className={styles.subtitle}>{t('topic.listSubtitle')}</p>
      </header>
      {topics.error ? (
        <Notice title={t('catalogue.loadError')}>
          <Button variant="secondary" onClick={topics.reload}>
            {t('catalogue.retry')}
          </Button>
        </Notice>
      ) : topics.loading && !topics.data ? (
        <div className={styles.grid} aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            <span key={index} className={styles.placeholder} />
          ))}
        </div>
      ) : (
        <div className={styles.grid}>
          {(topics.data ?? []).map((topic) => (
            <TopicCard key={topic.id} topic={topic} />
          ))}
        </div>
      )}
    </div>
  );
}
