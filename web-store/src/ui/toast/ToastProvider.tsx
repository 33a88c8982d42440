import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { CloseIcon } from '../icons';
import styles from './Toast.module.css';

export interface ToastMessage {
  message: string;
  /** An optional next step, e.g. the login page. */
  action?: { label: string; to: string };
}

interface ToastApi {
  show(toast: ToastMessage): void;
}

const ToastContext = createContext<ToastApi>({ show: () => undefined });

export function useToast(): ToastApi {
  return useContext(ToastContext);
}

const VISIBLE_MS = 4000;

/** One short message at a time, at the top of the screen, announced to screen readers. */
export function ToastProvider({ children, dismissLabel }: { children: ReactNode; dismissLabel: string }) {
  const [toast, setToast] = useState<(ToastMessage & { id: number }) | null>(null);
  const nextId = useRef(0);

  const show = useCallback((next: ToastMessage) => {
    nextId.current += 1;
    setToast({ ...next, id: nextId.current });
  }, []);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => setToast(null), VISIBLE_MS);
    return () => window.clearTimeout(timer);
  }, [toast]);

  const api = useMemo(() => ({ show }), [show]);

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.region} role="status" aria-live="polite">
        {toast && (
          <div key={toast.id} className={styles.toast} data-testid="toast">
            <span className={styles.message}>{toast.message}</span>
            {toast.action && (
              <Link className={styles.action} to={toast.action.to} onClick={() => setToast(null)}>
                {toast.action.label}
              </Link>
            )}
            <button type="button" className={styles.dismiss} aria-label={dismissLabel} onClick={() => setToast(null)}>
              <CloseIcon size={16} />
            </button>
          </div>
        )}
      </div>
    </ToastContext.Provider>
  );
}
