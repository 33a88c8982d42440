import { type ReactNode, useEffect, useId, useRef } from 'react';
import styles from './Dialog.module.css';
import { CloseIcon } from './icons';

interface DialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** Without it the dialog can only be left through its own buttons (Escape and backdrop do nothing). */
  onClose?: () => void;
  closeLabel?: string;
  testId?: string;
  width?: number;
}

/** A modal on the native <dialog> element, which brings focus trapping and Escape handling for free. */
export function Dialog({ open, title, children, onClose, closeLabel, testId, width = 440 }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      // Focus the dialog itself, not its first button, so Enter cannot answer it by accident.
      dialog.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      style={{ width: `min(${width}px, calc(100vw - 32px))` }}
      aria-labelledby={titleId}
      tabIndex={-1}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose?.();
      }}
      onKeyDown={(event) => {
        // Chromium skips the cancel event on a repeated Escape without a click in between (its
        // close-watcher rule), so Escape is handled here too.
        if (event.key === 'Escape' && onClose) {
          event.preventDefault();
          onClose();
        }
      }}
      onClick={(event) => {
        // A click on the dialog element itself (not its content) is a click on the backdrop.
        if (event.target === event.currentTarget) onClose?.();
      }}
    >
      <div className={styles.content}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {onClose && (
            <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
              <CloseIcon size={18} />
            </button>
          )}
        </div>
        {children}
      </div>
    </dialog>
  );
}
