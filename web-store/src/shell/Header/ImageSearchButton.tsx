import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { setQueryImage } from '../../catalogue/imageQuery';
import { PictureDrop } from '../../catalogue/PictureDrop';
import { CameraIcon } from '../../ui/icons';
import { useDismiss } from '../../ui/useDismiss';
import styles from './ImageSearchButton.module.css';

/** Below this width the panel would not fit beside the search box: the camera opens the page's own picker. */
const NARROW = '(max-width: 760px)';

/**
 * The camera in the search box: opens the picture panel, and a picture chosen there opens
 * /ImageSearch; on a phone it opens /ImageSearch at its picker (the phone's camera or gallery).
 */
export function ImageSearchButton({ onSearched }: { onSearched?: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  useDismiss(wrapper, open, close);

  const search = (picture: File) => {
    setQueryImage(picture);
    setOpen(false);
    navigate('/ImageSearch');
    onSearched?.();
  };

  return (
    <div className={styles.wrapper} ref={wrapper} data-image-search>
      <button
        type="button"
        className={styles.camera}
        aria-label={t('search.byImage')}
        title={t('search.byImage')}
        aria-expanded={open}
        onClick={() => {
          if (window.matchMedia(NARROW).matches) {
            navigate('/ImageSearch', { state: { choose: true } });
            onSearched?.();
            return;
          }
          setOpen((now) => !now);
        }}
        data-testid="image-search-button"
      >
        <CameraIcon size={18} />
      </button>
      {open && (
        <div className={styles.panel} role="dialog" aria-label={t('search.byImageTitle')} data-testid="image-search-panel">
          <p className={styles.title}>{t('search.byImageTitle')}</p>
          <p className={styles.lead}>{t('search.byImageLead')}</p>
          <PictureDrop onPicture={search} testId="image-search-drop" />
        </div>
      )}
    </div>
  );
}
