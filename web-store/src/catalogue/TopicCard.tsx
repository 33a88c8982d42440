import type { Topic } from '@mkt/contracts/web';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { topicLink } from './lookups';
import styles from './TopicCard.module.css';

export function TopicCard({ topic }: { topic: Topic }) {
  const { t } = useTranslation();
  return (
    <Link to={topicLink(topic)} className={styles.card} data-testid="topic-card" data-id={topic.id}>
      <img className={styles.cover} src={topic.homeCover} alt="" loading="lazy" decoding="async" />
      <span className={styles.shade} aria-hidden="true" />
      <span className={styles.text}>
        <span className={styles.title}>{topic.title}</span>
        {topic.materialCount > 0 && <span className={styles.count}>{t('topic.materials', { count: topic.materialCount })}</span>}
      </span>
    </Link>
  );
}
