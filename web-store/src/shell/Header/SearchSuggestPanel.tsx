import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type Lookups, categoryLink, hotwordLink, loadLookups, topicLink } from '../../catalogue/lookups';
import styles from './SearchSuggestPanel.module.css';
import type { SearchType } from './searchTarget';

/** The header search panel (spec section 2 "Header"): hot keywords, hot topics and categories. */
export default function SearchSuggestPanel({ type, onPick }: { type: SearchType; onPick(): void }) {
  const { t, i18n } = useTranslation();
  const [lookups, setLookups] = useState<Lookups | null>(null);

  useEffect(() => {
    let current = true;
    void loadLookups(i18n.language).then((loaded) => current && setLookups(loaded));
    return () => {
      current = false;
    };
  }, [i18n.language]);

  const categories = type === 'pic' ? lookups?.photoCategories : lookups?.videoCategories;
  const empty = lookups && !lookups.hotwords.length && !lookups.topics.length && !categories?.length;
  if (empty) return null;

  return (
    <div className={styles.panel} data-testid="search-panel" aria-label={t('searchPanel.label')} role="region">
      {!lookups && <p className={styles.muted}>{t('searchPanel.loading')}</p>}
      {lookups && lookups.hotwords.length > 0 && (
        <section>
          <h3 className={styles.title}>{t('searchPanel.hotwords')}</h3>
          <ol className={styles.words}>
            {lookups.hotwords.slice(0, 10).map((word, index) => (
              <li key={word}>
                <Link to={hotwordLink(word, type)} className={styles.word} onClick={onPick} data-testid="hotword">
                  <span className={index < 3 ? `${styles.rank} ${styles.top}` : styles.rank}>{index + 1}</span>
                  {word}
                </Link>
              </li>
            ))}
          </ol>
        </section>
      )}
      {lookups && lookups.topics.length > 0 && (
        <section>
          <h3 className={styles.title}>{t('searchPanel.topics')}</h3>
          <ul className={styles.topics}>
            {lookups.topics.slice(0, 4).map((topic) => (
              <li key={topic.id}>
                <Link to={topicLink(topic)} className={styles.topic} onClick={onPick}>
                  <img src={topic.homeCover} alt="" loading="lazy" />
                  <span>{topic.title}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      {categories && categories.length > 0 && (
        <section>
          <h3 className={styles.title}>{type === 'pic' ? t('searchPanel.photoCategories') : t('searchPanel.videoCategories')}</h3>
          <ul className={styles.categories}>
            {categories.slice(0, 12).map((category) => (
              <li key={category.id}>
                <Link
                  to={categoryLink({ id: category.id, kind: type === 'pic' ? 'photo' : 'video' })}
                  className={styles.category}
                  onClick={onPick}
                >
                  {category.categoryName}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
