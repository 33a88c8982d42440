import type { Category } from '@mkt/contracts/web';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { catalogueCalls } from '../../api/catalogueCalls';
import { Chips } from '../../catalogue/Chips';
import { categoryLink, hotwordLink, loadLookups } from '../../catalogue/lookups';
import { MaterialGrid } from '../../catalogue/MaterialGrid';
import { TopicCard } from '../../catalogue/TopicCard';
import { useRemote } from '../../catalogue/useRemote';
import { useVipRule } from '../../orders/vipRule';
import { SearchForm } from '../../shell/Header/SearchForm';
import { DownloadIcon, FilmIcon, ImageIcon, MusicIcon, ShieldIcon, TrophyIcon, CrownIcon } from '../../ui/icons';
import styles from './HomePage.module.css';

interface CategoryTile {
  to: string;
  title: 'home.categories.video' | 'home.categories.photo' | 'home.categories.music' | 'home.categories.contest';
  description:
    | 'home.categories.videoDesc'
    | 'home.categories.photoDesc'
    | 'home.categories.musicDesc'
    | 'home.categories.contestDesc';
  icon: ReactNode;
  tone: 'amber' | 'teal' | 'violet' | 'rose';
}

const tiles: CategoryTile[] = [
  { to: '/SearchResult?type=video', title: 'home.categories.video', description: 'home.categories.videoDesc', icon: <FilmIcon size={22} />, tone: 'amber' },
  { to: '/ImgSearchResult?type=pic', title: 'home.categories.photo', description: 'home.categories.photoDesc', icon: <ImageIcon size={22} />, tone: 'teal' },
  { to: '/Music', title: 'home.categories.music', description: 'home.categories.musicDesc', icon: <MusicIcon size={22} />, tone: 'violet' },
  { to: '/ActivityList', title: 'home.categories.contest', description: 'home.categories.contestDesc', icon: <TrophyIcon size={22} />, tone: 'rose' },
];

const LATEST_COUNT = 8;
const HOME_TOPICS = 6;

/** The landing page: search first, then topics, hot words, categories and the newest footage. */
export default function HomePage() {
  const { t, i18n } = useTranslation();
  const vip = useVipRule();
  const lookups = useRemote(() => loadLookups(i18n.language), [i18n.language]);
  const latest = useRemote(
    (signal) =>
      catalogueCalls.search({ keyword: '', type: 'video', sort: 'newest', pageNo: 1, pageSize: LATEST_COUNT, filters: {} }, { signal }),
    [i18n.language],
  );
  const topics = lookups.data?.topics.slice(0, HOME_TOPICS) ?? [];
  const hotwords = lookups.data?.hotwords ?? [];
  const videoCategories = lookups.data?.videoCategories ?? [];
  const photoCategories = lookups.data?.photoCategories ?? [];
  return (
    <div className={styles.page}>
      <section className={styles.hero}>
        <div className={styles.heroGlow} aria-hidden="true" />
        <div className={styles.heroInner}>
          <h1 className={styles.heroTitle}>{t('home.heroTitle')}</h1>
          <p className={styles.heroSubtitle}>{t('home.heroSubtitle')}</p>
          <div className={styles.heroSearch}>
            <SearchForm size="hero" />
          </div>
        </div>
      </section>

      {topics.length > 0 && (
        <section className={styles.section} aria-labelledby="home-topics">
          <SectionHead id="home-topics" title={t('home.topicsTitle')} more={{ to: '/TopicList', label: t('home.more') }} />
          <div className={styles.topics}>
            {topics.map((topic) => (
              <TopicCard key={topic.id} topic={topic} />
            ))}
          </div>
        </section>
      )}

      {(hotwords.length > 0 || videoCategories.length > 0 || photoCategories.length > 0) && (
        <section className={`${styles.section} ${styles.lookup}`} aria-label={t('searchPanel.label')}>
          {hotwords.length > 0 && (
            <div className={styles.panel}>
              <h2 className={styles.panelTitle}>{t('home.hotwordsTitle')}</h2>
              <Chips items={hotwords.slice(0, 16).map((word) => ({ label: word, to: hotwordLink(word) }))} testId="hotword" />
            </div>
          )}
          {videoCategories.length > 0 && (
            <CategoryPanel title={t('home.videoCategoriesTitle')} categories={videoCategories} kind="video" />
          )}
          {photoCategories.length > 0 && (
            <CategoryPanel title={t('home.photoCategoriesTitle')} categories={photoCategories} kind="photo" />
          )}
        </section>
      )}

      {(latest.loading || (latest.data?.infos.length ?? 0) > 0) && (
        <section className={styles.section} aria-labelledby="home-latest">
          <SectionHead
            id="home-latest"
            title={t('home.latestTitle')}
            more={{ to: '/SearchResult?type=video&sort=newest', label: t('home.more') }}
          />
          <MaterialGrid cards={latest.data?.infos ?? []} loading={latest.loading} skeletons={LATEST_COUNT} size="large" />
        </section>
      )}

      <section className={styles.section} aria-labelledby="home-categories">
        <h2 id="home-categories" className={styles.sectionTitle}>
          {t('home.categoriesTitle')}
        </h2>
        <div className={styles.tiles}>
          {tiles.map((tile) => (
            <Link key={tile.to} to={tile.to} className={`${styles.tile} ${styles[tile.tone]}`}>
              <span className={styles.tileIcon}>{tile.icon}</span>
              <span className={styles.tileTitle}>{t(tile.title)}</span>
              <span className={styles.tileDesc}>{t(tile.description)}</span>
              <span className={styles.tileMore}>{t('home.browse')} →</span>
            </Link>
          ))}
        </div>
      </section>

      <section className={styles.section} aria-labelledby="home-values">
        <h2 id="home-values" className={styles.sectionTitle}>
          {t('home.valuesTitle')}
        </h2>
        <div className={styles.values}>
          <Value icon={<ShieldIcon size={22} />} title={t('home.values.licensedTitle')} body={t('home.values.licensedBody')} />
          <Value icon={<DownloadIcon size={22} />} title={t('home.values.downloadTitle')} body={t('home.values.downloadBody')} />
          <Value icon={<CrownIcon size={22} />} title={t('home.values.vipTitle')} body={vip.rule} />
        </div>
      </section>
    </div>
  );
}

function SectionHead({ id, title, more }: { id: string; title: string; more?: { to: string; label: string } }) {
  return (
    <div className={styles.sectionHead}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {more && (
        <Link to={more.to} className={styles.more}>
          {more.label} →
        </Link>
      )}
    </div>
  );
}

function CategoryPanel({ title, categories, kind }: { title: string; categories: Category[]; kind: 'video' | 'photo' }) {
  return (
    <div className={styles.panel}>
      <h2 className={styles.panelTitle}>{title}</h2>
      <ul className={styles.categoryList}>
        {categories.slice(0, 12).map((category) => (
          <li key={category.id}>
            <Link to={categoryLink({ id: category.id, kind })} className={styles.category} data-testid={`category-${kind}`}>
              {category.cover && <img src={category.cover} alt="" loading="lazy" />}
              <span>{category.categoryName}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function Value({ icon, title, body }: { icon: ReactNode; title: string; body: string }) {
  return (
    <div className={styles.value}>
      <span className={styles.valueIcon}>{icon}</span>
      <h3 className={styles.valueTitle}>{title}</h3>
      <p className={styles.valueBody}>{body}</p>
    </div>
  );
}
