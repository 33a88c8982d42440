import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PURCHASE_REQUEST_LIMITS } from '@mkt/contracts/web';
import { purchaseRequestCalls } from '../../api/purchaseRequestCalls';
import { useSession } from '../../session/SessionProvider';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/toast/ToastProvider';
import { messageOf } from './boardMessages';
import styles from './Boards.module.css';

/** For members of an enterprise project: ask the company's administrator to buy the selected items. */
export function RequestPurchase({ boardId, boardName, materialIds, onSent }: { boardId: number; boardName: string; materialIds: number[]; onSent(): void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [contact, setContact] = useState(user?.nickname ?? '');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await purchaseRequestCalls.request({ materialIds, boardId, boardName, contact: contact.trim(), phone: phone.trim(), note });
      toast.show({ message: t('boards.purchaseSent') });
      setOpen(false);
      onSent();
    } catch (error) {
      toast.show({ message: messageOf(error, t('boards.actionFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button variant="secondary" disabled={materialIds.length === 0} onClick={() => setOpen(true)} data-testid="board-selection-request">
        {t('boards.requestPurchase')}
      </Button>
      <Dialog open={open} title={t('boards.requestPurchase')} onClose={() => setOpen(false)} closeLabel={t('boards.cancel')} testId="board-request-dialog">
        <form className={styles.shareForm} onSubmit={(event) => void send(event)}>
          <p className={styles.muted}>{t('boards.requestLead', { count: materialIds.length })}</p>
          <label className={styles.field}>
            <span>{t('boards.requestContact')}</span>
            <input className={styles.input} value={contact} maxLength={PURCHASE_REQUEST_LIMITS.contactMax} onChange={(event) => setContact(event.target.value)} data-testid="board-request-contact" />
          </label>
          <label className={styles.field}>
            <span>{t('boards.requestPhone')}</span>
            <input className={styles.input} value={phone} maxLength={30} onChange={(event) => setPhone(event.target.value)} />
          </label>
          <label className={styles.field}>
            <span>{t('boards.requestNote')}</span>
            <textarea className={styles.textarea} rows={3} value={note} maxLength={PURCHASE_REQUEST_LIMITS.noteMax} onChange={(event) => setNote(event.target.value)} data-testid="board-request-note" />
          </label>
          <Button type="submit" disabled={busy || contact.trim() === ''} data-testid="board-request-send">
            {t('boards.requestSend')}
          </Button>
        </form>
      </Dialog>
    </>
  );
}
