import { useEffect, useState } from 'react';
import { copyText } from './clipboard';
import styles from './CopyButton.module.css';
import { CheckIcon, CopyIcon } from './icons';

interface CopyButtonProps {
  text: string;
  labels: { copy: string; copied: string; failed: string };
  testId?: string;
}

/** Copies `text` and confirms in place for a moment. */
export function CopyButton({ text, labels, testId }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2000);
    return () => window.clearTimeout(timer);
  }, [state]);

  const label = state === 'copied' ? labels.copied : state === 'failed' ? labels.failed : labels.copy;
  return (
    <button
      type="button"
      className={state === 'copied' ? `${styles.copy} ${styles.done}` : styles.copy}
      onClick={async () => setState((await copyText(text)) ? 'copied' : 'failed')}
      data-testid={testId}
      aria-live="polite"
    >
      {state === 'copied' ? <CheckIcon size={14} /> : <CopyIcon size={14} />}
      <span>{label}</span>
    </button>
  );
}
