import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import type { LoadErrorKind } from './chunkLoading';
import styles from './LoadErrorMessage.module.css';

const texts = {
  chunk: { title: 'errors.chunkTitle', body: 'errors.chunkBody' },
  css: { title: 'errors.cssTitle', body: 'errors.cssBody' },
  other: { title: 'errors.genericTitle', body: 'errors.genericBody' },
} as const;

export function LoadErrorMessage({ kind }: { kind: LoadErrorKind }) {
  const { t } = useTranslation();
  return (
    <section className={styles.panel} role="alert" data-testid="page-load-error" data-error-kind={kind}>
      <h1 className={styles.title}>{t(texts[kind].title)}</h1>
      <p className={styles.body}>{t(texts[kind].body)}</p>
      <Button variant="primary" size="lg" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </section>
  );
}
