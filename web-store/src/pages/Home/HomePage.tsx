import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
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

/** The landing page of the walking skeleton: search first, then the ways into the catalogue. */
export default function HomePage() {
  const { t } = useTranslation();
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
          <Value icon={<CrownIcon size={22} />} title={t('home.values.vipTitle')} body={t('home.values.vipBody')} />
        </div>
      </section>
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
