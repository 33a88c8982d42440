import { RELEASE_KINDS, RELEASE_TYPES, type ReleaseKind, type ReleaseView } from '@mkt/contracts/web';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { serverMessageOr } from '../../api/client';
import { releaseCalls, releaseFileProblem, uploadRelease } from '../../api/releaseCalls';
import { useRemote } from '../../catalogue/useRemote';
import { addPageMessages } from '../../i18n/pageMessages';
import { releasesEn } from '../../i18n/resources/releases.en';
import { releasesZhCN } from '../../i18n/resources/releases.zh-CN';
import { Button } from '../../ui/Button';
import { FilePicker } from '../../ui/FilePicker';
import styles from './ReleaseLibrary.module.css';

addPageMessages('releases', releasesZhCN, releasesEn);

/** Today in China (the server refuses a signing day after it). */
function chinaToday(): string {
  return new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
}

type Problem = 'name' | 'signedOn' | 'file';

/** One release into the library: kind, whose it is, when it was signed, the signed file. */
export function ReleaseUploadForm({ kind: fixedKind, onUploaded, testId = 'release-form' }: { kind?: ReleaseKind; onUploaded: (release: ReleaseView) => void; testId?: string }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ReleaseKind>(fixedKind ?? 'model');
  const [name, setName] = useState('');
  const [signedOn, setSignedOn] = useState(chinaToday());
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A form nested in the details form would submit both: this one is a group with its own button.
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const found: Problem[] = [];
    if (!name.trim()) found.push('name');
    if (!signedOn || signedOn > chinaToday()) found.push('signedOn');
    if (!file || releaseFileProblem(file)) found.push('file');
    setProblems(found);
    setError(null);
    if (found.length > 0 || !file) return;
    setBusy(true);
    try {
      const release = await uploadRelease(file, { kind, name: name.trim(), signedOn });
      setName('');
      setFile(null);
      onUploaded(release);
    } catch (caught) {
      setError(serverMessageOr(caught, t('errors.network')));
    } finally {
      setBusy(false);
    }
  };
  const problem = (which: Problem) =>
    problems.includes(which) ? (
      <span className={styles.problem} role="alert" data-testid={`${testId}-problem-${which}`}>
        {t(`releases.problems.${which}`)}
      </span>
    ) : null;

  return (
    <div
      className={styles.form}
      role="group"
      aria-label={t('releases.upload')}
      data-testid={testId}
      onKeyDown={(event) => {
        // Enter in a field uploads this release rather than submitting the form around it.
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement) {
          event.preventDefault();
          void submit();
        }
      }}
    >
      {!fixedKind && (
        <label className={styles.field}>
          {t('releases.kind')}
          <select value={kind} onChange={(event) => setKind(event.target.value as ReleaseKind)} data-testid={`${testId}-kind`}>
            {RELEASE_KINDS.map((value) => (
              <option key={value} value={value}>
                {t(`releases.kinds.${value}`)}
              </option>
            ))}
          </select>
        </label>
      )}
      <label className={styles.field}>
        {t(`releases.name.${kind}`)}
        <input value={name} maxLength={100} onChange={(event) => setName(event.target.value)} data-testid={`${testId}-name`} aria-invalid={problems.includes('name')} />
        {problem('name')}
      </label>
      <label className={styles.field}>
        {t('releases.signedOn')}
        <input type="date" value={signedOn} max={chinaToday()} onChange={(event) => setSignedOn(event.target.value)} data-testid={`${testId}-signed-on`} aria-invalid={problems.includes('signedOn')} />
        {problem('signedOn')}
      </label>
      <div className={styles.field}>
        {t('releases.file')}
        <FilePicker accept={RELEASE_TYPES.join(',')} file={file} onChoose={setFile} testId={`${testId}-file`} />
        {problem('file')}
      </div>
      {error && (
        <p className={styles.problem} role="alert" data-testid={`${testId}-error`}>
          {error}
        </p>
      )}
      <Button onClick={() => void submit()} disabled={busy} data-testid={`${testId}-submit`}>
        {busy ? t('releases.uploading') : t('releases.upload')}
      </Button>
    </div>
  );
}

/** Opens a release's file in a new tab through a five-minute link. */
export async function openRelease(id: string): Promise<void> {
  const view = window.open('', '_blank');
  const { url } = await releaseCalls.view(id);
  if (view) view.location.href = url;
  else window.location.href = url;
}

/** The material centre's release library (`/MaterialCenter?view=releases`). */
export function ReleaseLibrary() {
  const { t } = useTranslation();
  const releases = useRemote((signal) => releaseCalls.list(undefined, { signal }), []);
  const [notice, setNotice] = useState<string | null>(null);

  const remove = async (release: ReleaseView) => {
    try {
      await releaseCalls.remove(release.id);
      setNotice(t('releases.removed'));
      releases.reload();
    } catch (caught) {
      setNotice(serverMessageOr(caught, t('errors.network')));
    }
  };

  return (
    <section className={styles.panel} data-testid="release-library" aria-labelledby="release-library-title">
      <h2 id="release-library-title" className={styles.title}>
        {t('releases.title')}
      </h2>
      <p className={styles.lead}>{t('releases.lead')}</p>
      <ReleaseUploadForm
        onUploaded={(release) => {
          setNotice(t('releases.uploaded', { name: release.name }));
          releases.reload();
        }}
      />
      {notice && (
        <p className={styles.notice} role="status" data-testid="release-notice">
          {notice}
        </p>
      )}
      {releases.loading && !releases.data ? <p className={styles.lead}>{t('releases.loading')}</p> : null}
      {releases.data && releases.data.infos.length === 0 ? <p className={styles.lead}>{t('releases.empty')}</p> : null}
      <ul className={styles.list} data-testid="release-list">
        {releases.data?.infos.map((release) => (
          <li key={release.id} className={styles.item} data-testid="release-item">
            <span className={styles.kind}>{t(`releases.kinds.${release.kind}`)}</span>
            <span className={styles.name}>{release.name}</span>
            <span className={styles.meta}>
              {release.signedOn} · {t('releases.attachedTo', { count: release.attachedTo })}
            </span>
            <span className={styles.actions}>
              <Button variant="secondary" onClick={() => void openRelease(release.id)} data-testid="release-view">
                {t('releases.view')}
              </Button>
              {release.attachedTo === 0 && (
                <Button variant="ghost" onClick={() => void remove(release)} data-testid="release-remove">
                  {t('releases.remove')}
                </Button>
              )}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
