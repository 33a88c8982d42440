import { useState } from 'react';
import { useNotify } from 'react-admin';

/**
 * Personal data the server sends masked and gives in full on an explicit, audited request: what
 * was revealed (only while the same record is shown), the call that asks, and whether it runs.
 */
export function useAuditedReveal<T extends { id: string }>(recordId: string | undefined, fetchRevealed: (id: string) => Promise<T>) {
  const notify = useNotify();
  const [revealed, setRevealed] = useState<T | null>(null);
  const [pending, setPending] = useState(false);
  const reveal = async () => {
    if (!recordId) return;
    setPending(true);
    try {
      setRevealed(await fetchRevealed(recordId));
    } catch (error) {
      notify(error instanceof Error ? error.message : 'ra.notification.http_error', { type: 'error' });
    } finally {
      setPending(false);
    }
  };
  return { shown: revealed !== null && revealed.id === recordId ? revealed : null, reveal, pending };
}
