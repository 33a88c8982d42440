import type { MyAwardView } from '@mkt/contracts/web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contestCalls, uploadAwardProof } from '../../api/contestCalls';
import { useRemote } from '../../catalogue/useRemote';
import { Button } from '../../ui/Button';
import { chinaTime, messageOf } from '../Orders/common';
import styles from './Contests.module.css';

/** The signed-in participant's entries in one contest with their review state, and their awards. */
export function MyEntries({ contestId, version }: { contestId: number; version: number }) {
  const { t, i18n } = useTranslation();
  const mine = useRemote((signal) => contestCalls.myEntries(contestId, { signal }), [contestId, version, i18n.language]);
  if (mine.error) return <p className={styles.error}>{t('contests.loadFailed', { message: messageOf(mine.error) })}</p>;
  if (!mine.data) return null;
  const awards = new Map(mine.data.awards.map((award) => [award.entryId, award]));
  if (mine.data.entries.length === 0) return <p className={styles.muted}>{t('contests.mine.empty')}</p>;
  return (
    <ul className={styles.entries} data-testid="my-entries">
      {mine.data.entries.map((entry) => {
        const award = awards.get(entry.id);
        return (
          <li key={entry.id} className={styles.entry} data-testid="my-entry" data-status={entry.status}>
            <span className={styles.entryHead}>
              <strong>{entry.title}</strong>
              <span className={styles.badge} data-status={entry.status}>
                {t(`contests.mine.status.${entry.status}`)}
              </span>
            </span>
            <span className={styles.muted}>
              {entry.trackTitle} · {t('contests.mine.files', { count: entry.files.length })} · {t('contests.mine.submittedAt', { time: chinaTime(entry.submittedAt) })}
            </span>
            {entry.rejectReason && <span className={styles.error}>{t('contests.mine.reason', { reason: entry.rejectReason })}</span>}
            {award && <AwardInfo award={award} onSaved={mine.reload} />}
          </li>
        );
      })}
    </ul>
  );
}

/** A winner gives their details for the prize by the deadline (two days after the results in the spec's contest). */
function AwardInfo({ award, onSaved }: { award: MyAwardView; onSaved: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState({ realName: '', phone: '', address: '' });
  const [error, setError] = useState<string | null>(null);
  return (
    <span className={styles.form}>
      <span className={styles.ok}>{t('contests.mine.award', { prize: award.prizeTitle ?? '' })}</span>
      {award.infoGiven ? (
        <span className={styles.muted}>{t('contests.mine.infoGiven')}</span>
      ) : (
        <span className={styles.muted}>{t('contests.mine.infoDue', { time: chinaTime(award.infoDueAt) })}</span>
      )}
      {award.proofNeeded && <ProofUpload award={award} onSaved={onSaved} />}
      {!open ? (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          {t('contests.mine.giveInfo')}
        </Button>
      ) : (
        <>
          {(['realName', 'phone', 'address'] as const).map((name) => (
            <label key={name} className={styles.field}>
              <span className={styles.label}>{t(`contests.mine.${name}`)}</span>
              <input className={styles.input} value={form[name]} onChange={(event) => setForm({ ...form, [name]: event.target.value })} />
            </label>
          ))}
          {error && <span className={styles.error}>{error}</span>}
          <Button
            onClick={() => {
              setError(null);
              contestCalls
                .winnerInfo({ entryId: award.entryId, ...form })
                .then(() => {
                  setOpen(false);
                  onSaved();
                })
                .catch((caught: unknown) => setError(messageOf(caught)));
            }}
          >
            {t('contests.mine.save')}
          </Button>
        </>
      )}
    </span>
  );
}

/** The proof an owner or student award asks for: a picture or a PDF, checked by the server. */
function ProofUpload({ award, onSaved }: { award: MyAwardView; onSaved: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ tone: 'ok' | 'error' | 'busy'; text: string } | null>(null);
  return (
    <span className={styles.field}>
      <span className={award.proofGiven ? styles.ok : styles.muted}>{award.proofGiven ? t('contests.mine.proofGiven') : t('contests.mine.proofNeeded')}</span>
      <input
        type="file"
        accept="image/jpeg,image/png,application/pdf"
        data-testid="award-proof"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          setState({ tone: 'busy', text: t('contests.form.uploading', { percent: 0 }) });
          uploadAwardProof(award.entryId, file, (fraction) => setState({ tone: 'busy', text: t('contests.form.uploading', { percent: Math.round(fraction * 100) }) }))
            .then(() => {
              setState({ tone: 'ok', text: t('contests.form.ready') });
              onSaved();
            })
            .catch((error: unknown) => setState({ tone: 'error', text: messageOf(error) }));
        }}
      />
      {state && <span className={state.tone === 'error' ? styles.error : state.tone === 'ok' ? styles.ok : styles.muted}>{state.text}</span>}
    </span>
  );
}
