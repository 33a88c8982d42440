import { type ContestDetail, type ContestFileRole, ENTRY_GENDERS } from '@mkt/contracts/web';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { contestCalls, uploadContestFile } from '../../api/contestCalls';
import { Button } from '../../ui/Button';
import { messageOf } from '../Orders/common';
import styles from './Contests.module.css';
import { offeredAwards } from './contestText';
import { EMPTY_DETAILS, draftProblem, fileSizeText, tooLargeFor, type DraftFile, type EntryDetails } from './entryDraft';

const ACCEPT: Record<ContestFileRole, string> = { video: 'video/mp4,.mp4', cover: 'image/jpeg,.jpg,.jpeg', photo: 'image/jpeg,.jpg,.jpeg' };

/**
 * The entry form of spec sections 5 and 9: files upload as soon as they are chosen (each checked
 * by the server on its content, refusals shown on the file), the details, the award flags and the
 * declaration; the form says what is missing before it sends, and the server's refusal otherwise.
 */
export function EntryForm({ contest, onSubmitted }: { contest: ContestDetail; onSubmitted: () => void }) {
  const { t } = useTranslation();
  const [trackId, setTrackId] = useState(contest.tracks[0]?.id ?? 0);
  const track = contest.tracks.find((candidate) => candidate.id === trackId) ?? contest.tracks[0];
  const [files, setFiles] = useState<DraftFile[]>([]);
  const [details, setDetails] = useState<EntryDetails>(EMPTY_DETAILS);
  const [message, setMessage] = useState<{ tone: 'error' | 'ok'; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const aborts = useRef(new Map<string, AbortController>());
  const id = useId();
  const awards = offeredAwards(contest.prizes);

  useEffect(() => () => aborts.current.forEach((controller) => controller.abort()), []);
  if (!track) return null;

  const update = (key: string, change: Partial<DraftFile>) => setFiles((current) => current.map((file) => (file.key === key ? { ...file, ...change } : file)));
  const remove = (key: string) => {
    aborts.current.get(key)?.abort();
    setFiles((current) => current.filter((file) => file.key !== key));
  };

  const choose = (role: ContestFileRole, chosen: FileList | null) => {
    if (!chosen) return;
    const picked = [...chosen];
    // A video entry has one video and one cover: choosing again replaces it.
    if (role !== 'photo') files.filter((file) => file.role === role).forEach((file) => remove(file.key));
    for (const file of picked) {
      const key = `${role}-${file.name}-${Math.random().toString(36).slice(2)}`;
      const max = tooLargeFor(role, file.size);
      const draft: DraftFile = { key, role, name: file.name, size: file.size, progress: 0, state: max === null ? 'uploading' : 'failed', fileId: null, error: null };
      if (max !== null) draft.error = t('contests.form.fileTooLarge', { name: file.name, size: fileSizeText(file.size), max: max / 1024 / 1024 });
      setFiles((current) => [...current, draft]);
      if (max !== null) continue;
      const controller = new AbortController();
      aborts.current.set(key, controller);
      uploadContestFile({ contestId: contest.id, trackId: track.id, role }, file, (progress) => update(key, { progress }), controller.signal)
        .then((checked) => update(key, { state: 'ready', progress: 1, fileId: checked.id }))
        .catch((error: unknown) => {
          if (!controller.signal.aborted) update(key, { state: 'failed', error: messageOf(error) });
        })
        .finally(() => aborts.current.delete(key));
    }
  };

  const switchTrack = (next: number) => {
    files.forEach((file) => remove(file.key));
    setTrackId(next);
    setMessage(null);
  };

  const submit = async () => {
    const problem = draftProblem(track.kind, files, details);
    if (problem) {
      setMessage({ tone: 'error', text: t(`contests.form.${problem}`) });
      return;
    }
    setSending(true);
    setMessage(null);
    try {
      const ready = files.filter((file) => file.state === 'ready');
      const ordered = track.kind === 'video' ? [...ready.filter((f) => f.role === 'video'), ...ready.filter((f) => f.role === 'cover')] : ready;
      await contestCalls.submit({
        contestId: contest.id,
        trackId: track.id,
        type: track.kind,
        title: details.title,
        signature: details.signature,
        location: details.location,
        intro: details.intro,
        equipment: details.equipment,
        age: Number(details.age),
        gender: details.gender === '' ? null : details.gender,
        ownerFlag: awards.owner && details.ownerFlag,
        studentFlag: awards.student && details.studentFlag,
        declaration: details.declaration,
        fileIds: ordered.map((file) => file.fileId!),
      });
      setFiles([]);
      setDetails(EMPTY_DETAILS);
      setMessage({ tone: 'ok', text: t('contests.form.submitted') });
      onSubmitted();
    } catch (error) {
      setMessage({ tone: 'error', text: messageOf(error) });
    } finally {
      setSending(false);
    }
  };

  const text = (name: 'title' | 'signature' | 'location' | 'equipment', label: string, max: number) => (
    <label className={styles.field}>
      <span className={styles.label}>{label}</span>
      <input className={styles.input} maxLength={max} value={details[name]} onChange={(event) => setDetails({ ...details, [name]: event.target.value })} data-testid={`entry-${name}`} />
    </label>
  );

  const picker = (role: ContestFileRole, label: string, multiple: boolean) => (
    <div className={styles.field}>
      <span className={styles.label}>{label}</span>
      <label className={styles.input} htmlFor={`${id}-${role}`} role="button">
        {t('contests.form.addFiles')}
      </label>
      <input
        id={`${id}-${role}`}
        type="file"
        hidden
        multiple={multiple}
        accept={ACCEPT[role]}
        data-testid={`entry-file-${role}`}
        onChange={(event) => {
          choose(role, event.target.files);
          event.target.value = '';
        }}
      />
      <ul className={styles.files}>
        {files
          .filter((file) => file.role === role)
          .map((file) => (
            <li key={file.key} className={styles.file} data-testid="entry-file" data-state={file.state}>
              <span className={styles.fileName}>{file.name}</span>
              <span className={file.state === 'failed' ? styles.error : file.state === 'ready' ? styles.ok : styles.muted}>
                {file.state === 'uploading'
                  ? file.progress >= 0.99
                    ? t('contests.form.checking')
                    : t('contests.form.uploading', { percent: Math.round(file.progress * 100) })
                  : t(`contests.form.${file.state}`)}
              </span>
              <button type="button" className={styles.tab} onClick={() => remove(file.key)}>
                {t('contests.form.remove')}
              </button>
              {file.error && <span className={styles.fileFailed}>{file.error}</span>}
            </li>
          ))}
      </ul>
    </div>
  );

  return (
    <form
      className={styles.form}
      data-testid="entry-form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <label className={styles.field}>
        <span className={styles.label}>{t('contests.form.track')}</span>
        <select className={styles.select} value={track.id} onChange={(event) => switchTrack(Number(event.target.value))} data-testid="entry-track">
          {contest.tracks.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.title} · {t(`contests.judge.types.${candidate.kind}`)}
            </option>
          ))}
        </select>
      </label>
      <p className={styles.muted}>{t(`contests.rules.${track.kind}`)}</p>
      {track.kind === 'video' ? (
        <>
          {picker('video', t('contests.form.video'), false)}
          {picker('cover', t('contests.form.cover'), false)}
        </>
      ) : (
        picker('photo', t('contests.form.photos'), true)
      )}
      {text('title', t('contests.form.workTitle'), 100)}
      {text('signature', t('contests.form.signature'), 50)}
      {text('location', t('contests.form.location'), 100)}
      <label className={styles.field}>
        <span className={styles.label}>{t('contests.form.intro')}</span>
        <textarea className={styles.textarea} maxLength={2000} value={details.intro} onChange={(event) => setDetails({ ...details, intro: event.target.value })} data-testid="entry-intro" />
      </label>
      {text('equipment', t('contests.form.equipment'), 200)}
      <div className={styles.row}>
        <label className={styles.field}>
          <span className={styles.label}>{t('contests.form.age')}</span>
          <input className={styles.input} inputMode="numeric" maxLength={3} value={details.age} onChange={(event) => setDetails({ ...details, age: event.target.value.replace(/\D/g, '') })} data-testid="entry-age" />
        </label>
        <label className={styles.field}>
          <span className={styles.label}>{t('contests.form.gender')}</span>
          <select className={styles.select} value={details.gender} onChange={(event) => setDetails({ ...details, gender: event.target.value as EntryDetails['gender'] })} data-testid="entry-gender">
            <option value="">{t('contests.form.choose')}</option>
            {ENTRY_GENDERS.map((gender) => (
              <option key={gender} value={gender}>
                {t(`contests.form.genders.${gender}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {/* Only the awards this contest gives can be applied for. */}
      {awards.owner && (
        <label className={styles.check}>
          <input type="checkbox" checked={details.ownerFlag} onChange={(event) => setDetails({ ...details, ownerFlag: event.target.checked })} data-testid="entry-owner" />
          <span>{t('contests.form.owner')}</span>
        </label>
      )}
      {awards.student && (
        <label className={styles.check}>
          <input type="checkbox" checked={details.studentFlag} onChange={(event) => setDetails({ ...details, studentFlag: event.target.checked })} data-testid="entry-student" />
          <span>{t('contests.form.student')}</span>
        </label>
      )}
      <label className={styles.check}>
        <input type="checkbox" checked={details.declaration} onChange={(event) => setDetails({ ...details, declaration: event.target.checked })} data-testid="entry-declaration" />
        <span>{t('contests.form.declaration')}</span>
      </label>
      {message && (
        <p className={message.tone === 'error' ? styles.error : styles.ok} role="status" data-testid="entry-message">
          {message.text}
        </p>
      )}
      <Button type="submit" disabled={sending} data-testid="entry-submit">
        {sending ? t('contests.form.submitting') : t('contests.form.submit')}
      </Button>
    </form>
  );
}
