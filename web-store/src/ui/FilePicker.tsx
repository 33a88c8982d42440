import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from './Button';
import styles from './FilePicker.module.css';

/**
 * A file field that speaks the store's language: the browser's own picker labels itself in the
 * browser's language ("Choose File" in a Chinese store), so the input is hidden behind a button
 * and the chosen file's name. The input keeps the test id and stays reachable by keyboard.
 */
export function FilePicker({ accept, file, onChoose, testId }: { accept: string; file: File | null; onChoose: (file: File | null) => void; testId: string }) {
  const { t } = useTranslation();
  const inputId = useId();
  return (
    <span className={styles.picker}>
      <label htmlFor={inputId} className={buttonClass('secondary')}>
        {file ? t('filePicker.replace') : t('filePicker.choose')}
      </label>
      <span className={styles.name} data-testid={`${testId}-name`}>
        {file ? file.name : t('filePicker.none')}
      </span>
      <input id={inputId} className={styles.input} type="file" accept={accept} onChange={(event) => onChoose(event.target.files?.[0] ?? null)} data-testid={testId} />
    </span>
  );
}
