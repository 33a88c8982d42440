import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PURCHASE_REQUEST_LIMITS, formatFen } from '@mkt/contracts/web';
import { musicCalls } from '../../api/musicCalls';
import { purchaseRequestCalls } from '../../api/purchaseRequestCalls';
import { useRemote } from '../../catalogue/useRemote';
import { CASCADE_LEVELS, type CascadeLevel, type CascadeState, choose, initialCascade, optionsAt, priceOf } from '../../music/licenceCascade';
import { useSession } from '../../session/SessionProvider';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { useToast } from '../../ui/toast/ToastProvider';
import { messageOf } from './boardMessages';
import styles from './Boards.module.css';

/**
 * For members of an enterprise project: ask the company's administrator to buy the selected
 * items; videos and photos go to the quote request, music and sound effects to a music order at
 * the licence chosen here (one licence for all of them).
 */
export function RequestPurchase({ boardId, boardName, materialIds, musicIds, onSent }: { boardId: number; boardName: string; materialIds: number[]; musicIds: number[]; onSent(): void }) {
  const { t } = useTranslation();
  const [licence, setLicence] = useState<CascadeState>(() => initialCascade());
  const toast = useToast();
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const [contact, setContact] = useState(user?.nickname ?? '');
  const [phone, setPhone] = useState(user?.phone ?? '');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [licenceLabel, setLicenceLabel] = useState<string | null>(null);

  const [scene, channel, period, area] = licence.answers;
  const musicChoice =
    musicIds.length > 0 && scene && channel && period && area ? { sceneId: scene, channelId: channel, periodId: period, authAreaId: area, label: licenceLabel ?? '' } : undefined;
  const needsLicence = musicIds.length > 0 && !musicChoice;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await purchaseRequestCalls.request({ materialIds: [...materialIds, ...musicIds], boardId, boardName, contact: contact.trim(), phone: phone.trim(), note, music: musicChoice });
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
      <Button variant="secondary" disabled={materialIds.length + musicIds.length === 0} onClick={() => setOpen(true)} data-testid="board-selection-request">
        {t('boards.requestPurchase')}
      </Button>
      <Dialog open={open} title={t('boards.requestPurchase')} onClose={() => setOpen(false)} closeLabel={t('boards.cancel')} testId="board-request-dialog">
        <form className={styles.shareForm} onSubmit={(event) => void send(event)}>
          <p className={styles.muted}>{t('boards.requestLead', { count: materialIds.length })}</p>
          {musicIds.length > 0 && open ? (
            <MusicLicencePicker
              count={musicIds.length}
              state={licence}
              onChange={(next, label) => {
                setLicence(next);
                setLicenceLabel(label);
              }}
            />
          ) : null}
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
          <Button type="submit" disabled={busy || contact.trim() === '' || needsLicence} data-testid="board-request-send">
            {t('boards.requestSend')}
          </Button>
        </form>
      </Dialog>
    </>
  );
}

/** The music licence of the request's music and sound effects: the cascade of the music drawer, priced a track. */
function MusicLicencePicker({ count, state, onChange }: { count: number; state: CascadeState; onChange(next: CascadeState, label: string | null): void }) {
  const { t, i18n } = useTranslation();
  const tree = useRemote((signal) => musicCalls.skuList(undefined, { signal }), [i18n.language]);
  const nodes = tree.data?.skuList ?? [];
  const price = priceOf(nodes, state.answers);
  const pick = (level: CascadeLevel, id: string) => {
    const next = choose(state, level, id);
    const names = next.answers.map((answer, index) => optionsAt(nodes, next.answers, index as CascadeLevel).find((node) => node.id === answer)?.name);
    onChange(next, names.every(Boolean) ? names.join(' · ') : null);
  };
  return (
    <fieldset className={styles.musicLicence} data-testid="board-request-music">
      <legend>{t('boards.requestMusic', { count })}</legend>
      {CASCADE_LEVELS.map((name, index) => {
        const level = index as CascadeLevel;
        const options = optionsAt(nodes, state.answers, level);
        return (
          <div key={name} className={styles.musicLevel} data-testid={`board-request-music-${name}`}>
            <span className={styles.muted}>{t(`music.order.${name}`)}</span>
            <div className={styles.linkActions}>
              {options.map((node) => (
                <Button key={node.id} variant={state.answers[level] === node.id ? 'primary' : 'secondary'} aria-pressed={state.answers[level] === node.id} onClick={() => pick(level, node.id)}>
                  {node.name}
                </Button>
              ))}
            </div>
          </div>
        );
      })}
      <p className={styles.muted} data-testid="board-request-music-price">
        {price ? t('boards.requestMusicPrice', { price: formatFen(price.priceFen), count, total: formatFen(price.priceFen * count) }) : t('boards.requestMusicHint')}
      </p>
    </fieldset>
  );
}
