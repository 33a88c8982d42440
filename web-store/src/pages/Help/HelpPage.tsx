import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useDesktopDownloads } from '../../uploads/desktopUploader';
import styles from './HelpPage.module.css';

type HelpTopic = 'highQuality' | 'saleChance' | 'uploadTool';

const SECTIONS: Record<HelpTopic, readonly string[]> = {
  highQuality: ['format', 'light', 'stable', 'clean', 'length'],
  saleChance: ['title', 'keywords', 'variety', 'trends', 'releases'],
  uploadTool: ['install', 'signIn', 'add', 'resume', 'check'],
};

/** The contributors' help pages (spec section 2): text only, both languages. */
function HelpPage({ topic }: { topic: HelpTopic }) {
  const { t } = useTranslation();
  return (
    <article className={styles.page} data-testid={`help-${topic}`}>
      <h1 className={styles.title}>{t(`help.${topic}.title`)}</h1>
      <p className={styles.lead}>{t(`help.${topic}.lead`)}</p>
      <ol className={styles.steps}>
        {SECTIONS[topic].map((section) => (
          <li key={section}>
            <h2>{t(`help.${topic}.sections.${section}.title` as never)}</h2>
            <p>{t(`help.${topic}.sections.${section}.body` as never)}</p>
          </li>
        ))}
      </ol>
      {topic === 'uploadTool' && <DesktopDownloads />}
      <p className={styles.links}>
        <Link to="/howToGetHighQualityVideo">{t('help.highQuality.title')}</Link>
        <Link to="/howToGetMoreSaleChance">{t('help.saleChance.title')}</Link>
        <Link to="/howToUseUploadTool">{t('help.uploadTool.title')}</Link>
      </p>
    </article>
  );
}

export const HighQualityVideoHelp = () => <HelpPage topic="highQuality" />;
export const MoreSaleChanceHelp = () => <HelpPage topic="saleChance" />;
export const UploadToolHelp = () => <HelpPage topic="uploadTool" />;

/** The deployment's desktop uploader files; nothing at all when it offers none. */
function DesktopDownloads() {
  const { t } = useTranslation();
  const desktop = useDesktopDownloads();
  if (desktop.length === 0) return null;
  return (
    <p className={styles.downloads}>
      {desktop.map((download) => (
        <a key={download.platform} href={download.url} download data-testid={`help-desktop-${download.platform}`}>
          {t(`uploads.desktop.${download.platform}`)} · v{download.version}
        </a>
      ))}
    </p>
  );
}
