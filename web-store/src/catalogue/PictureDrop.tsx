import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageIcon } from '../ui/icons';
import { QUERY_IMAGE_ACCEPT, pastedPicture, queryImageProblem } from './imageQuery';
import styles from './PictureDrop.module.css';

interface PictureDropProps {
  onPicture: (picture: File) => void;
  /** Takes pictures pasted anywhere on the page while shown (Ctrl+V, a phone's paste). */
  listenForPaste?: boolean;
  testId?: string;
}

/**
 * Where a buyer gives a picture to search with: drop it, paste it or choose it. A picture of the
 * wrong type or size is refused here with the reason; the server checks its real content again.
 */
export function PictureDrop({ onPicture, listenForPaste = true, testId = 'picture-drop' }: PictureDropProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const [over, setOver] = useState(false);
  const [problem, setProblem] = useState<'type' | 'size' | null>(null);
  const latest = useRef(onPicture);
  latest.current = onPicture;

  const take = (picture: File | null | undefined) => {
    if (!picture) return;
    const wrong = queryImageProblem(picture);
    setProblem(wrong);
    if (!wrong) latest.current(picture);
  };

  useEffect(() => {
    if (!listenForPaste) return;
    const onPaste = (event: ClipboardEvent) => {
      const picture = pastedPicture(event.clipboardData);
      if (!picture) return;
      event.preventDefault();
      take(picture);
    };
    document.addEventListener('paste', onPaste);
    return () => document.removeEventListener('paste', onPaste);
  }, [listenForPaste]);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={over ? `${styles.drop} ${styles.over}` : styles.drop}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      data-testid={testId}
    >
      <ImageIcon size={28} className={styles.icon} />
      <p className={styles.dropText}>{t('search.byImageDrop')}</p>
      <label className={styles.pick} htmlFor={inputId}>
        {t('search.byImagePick')}
      </label>
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept={QUERY_IMAGE_ACCEPT}
        onChange={(event) => {
          take(event.target.files?.[0]);
          event.target.value = '';
        }}
        data-testid={`${testId}-input`}
      />
      <p className={styles.types}>{t('search.byImageTypes')}</p>
      {problem && (
        <p className={styles.problem} role="alert" data-testid={`${testId}-problem`}>
          {problem === 'type' ? t('search.byImageWrongType') : t('search.byImageTooLarge')}
        </p>
      )}
    </div>
  );
}
