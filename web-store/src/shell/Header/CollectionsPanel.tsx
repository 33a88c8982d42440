import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { catalogueCalls } from '../../api/catalogueCalls';
import { musicCalls } from '../../api/musicCalls';
import { BookmarkList } from '../../catalogue/BookmarkList';
import { COLLECT_TABS, type CollectTargetType, DROPDOWN_PREVIEW_SIZE, musicBookmarkItem, musicTypeOfTab } from '../../catalogue/collectTabs';
import { useRemote } from '../../catalogue/useRemote';
import styles from './CollectionsPanel.module.css';

/**
 * Tabs for video, photo, music and sound effects, each with its first 6 collected items: videos
 * and photos from /space/bookmark, music and sound effects from /music/collect/my (spec section 7).
 */
export default function CollectionsPanel({ onNavigate }: { onNavigate(): void }) {
  const { t, i18n } = useTranslation();
  const [targetType, setTargetType] = useState<CollectTargetType>(0);
  const list = useRemote(async (signal) => {
    const musicType = musicTypeOfTab(targetType);
    if (musicType === null) return catalogueCalls.bookmarks({ targetType, pageNo: 1, pageSize: DROPDOWN_PREVIEW_SIZE }, { signal });
    const page = await musicCalls.collectMy({ musicType, pageNo: 1, pageSize: DROPDOWN_PREVIEW_SIZE }, { signal });
    return { infos: page.infos.map((music) => musicBookmarkItem(music, targetType)), total: page.total };
  }, [targetType, i18n.language]);
  const items = list.data?.infos.slice(0, DROPDOWN_PREVIEW_SIZE) ?? [];

  return (
    <div className={styles.panel}>
      <div className={styles.head}>
        <p className={styles.title}>{t('collect.dropdownTitle')}</p>
        <Link to={`/Collect?targetType=${targetType}`} className={styles.all} onClick={onNavigate} data-testid="collect-dropdown-all">
          {t('collect.viewAll')} →
        </Link>
      </div>
      <div className={styles.tabs} role="tablist">
        {COLLECT_TABS.map((tab) => (
          <button
            key={tab.targetType}
            type="button"
            role="tab"
            aria-selected={tab.targetType === targetType}
            className={tab.targetType === targetType ? `${styles.tab} ${styles.tabOn}` : styles.tab}
            onClick={() => setTargetType(tab.targetType)}
            data-testid={`collect-dropdown-tab-${tab.targetType}`}
          >
            {t(`collect.tabs.${tab.key}`)}
          </button>
        ))}
      </div>
      <div className={styles.body}>
        {list.loading && !list.data ? (
          <p className={styles.muted}>{t('catalogue.loading')}</p>
        ) : list.error ? (
          <p className={styles.muted}>{t('catalogue.loadError')}</p>
        ) : items.length === 0 ? (
          <p className={styles.muted}>{t('collect.dropdownEmpty')}</p>
        ) : (
          <BookmarkList items={items} compact onNavigate={onNavigate} />
        )}
      </div>
    </div>
  );
}
