import { missingReleases, type ReleaseKind, type ReleaseView } from '@mkt/contracts/web';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { releaseCalls } from '../../api/releaseCalls';
import { useRemote } from '../../catalogue/useRemote';
import { ReleaseUploadForm } from './ReleaseLibrary';
import styles from './ReleasesField.module.css';

export interface ReleaseAnswers {
  recognizablePeople: boolean | null;
  privateProperty: boolean | null;
  releaseIds: string[];
}

const QUESTIONS = [
  { answer: 'recognizablePeople', kind: 'model', question: 'people', testId: 'recognizable' },
  { answer: 'privateProperty', kind: 'property', question: 'property', testId: 'property' },
] as const satisfies readonly { answer: keyof ReleaseAnswers; kind: ReleaseKind; question: string; testId: string }[];

/**
 * The details step's releases: whether recognizable people or private property appear and, for
 * each yes, the releases from the library that cover them (or a new one uploaded here).
 */
export function ReleasesField({ value, onChange, showRequired }: { value: ReleaseAnswers; onChange: (next: ReleaseAnswers) => void; showRequired: boolean }) {
  const { t } = useTranslation();
  const library = useRemote((signal) => releaseCalls.list(undefined, { signal }), []);
  const [added, setAdded] = useState<ReleaseView[]>([]);
  const releases = [...added, ...(library.data?.infos ?? []).filter((release) => !added.some((mine) => mine.id === release.id))];
  const attachedKinds = releases.filter((release) => value.releaseIds.includes(release.id)).map((release) => release.kind);
  const missing = missingReleases(value, attachedKinds);

  const toggle = (id: string) => onChange({ ...value, releaseIds: value.releaseIds.includes(id) ? value.releaseIds.filter((other) => other !== id) : [...value.releaseIds, id] });
  const answer = (name: 'recognizablePeople' | 'privateProperty', yes: boolean, kind: ReleaseKind) =>
    // A "no" leaves the releases of that kind off: they would say something the contributor denied.
    onChange({ ...value, [name]: yes, releaseIds: yes ? value.releaseIds : value.releaseIds.filter((id) => releases.find((release) => release.id === id)?.kind !== kind) });

  return (
    <div className={styles.releases} data-testid="details-releases">
      {QUESTIONS.map(({ answer: name, kind, question, testId }) => {
        const ofKind = releases.filter((release) => release.kind === kind);
        return (
          <fieldset key={name} className={styles.question} data-testid={`details-${testId}-question`}>
            <legend>{t(`releases.question.${question}`)}</legend>
            <div className={styles.choices}>
              {([true, false] as const).map((yes) => (
                <label key={String(yes)} className={styles.choice}>
                  <input type="radio" name={name} checked={value[name] === yes} onChange={() => answer(name, yes, kind)} data-testid={`details-${testId}-${yes ? 'yes' : 'no'}`} />
                  {t(yes ? 'releases.question.yes' : 'releases.question.no')}
                </label>
              ))}
            </div>
            {showRequired && value[name] === null && (
              <span className={styles.problem} role="alert" data-testid={`details-problem-${testId}`}>
                {t('releases.question.required')}
              </span>
            )}
            {value[name] && (
              <div className={styles.attach}>
                <p className={styles.hint}>{t(`releases.attach.${kind}`)}</p>
                {ofKind.length === 0 && <p className={styles.hint}>{t('releases.attach.none')}</p>}
                {ofKind.map((release) => (
                  <label key={release.id} className={styles.choice}>
                    <input type="checkbox" checked={value.releaseIds.includes(release.id)} onChange={() => toggle(release.id)} data-testid={`details-release-${release.id}`} />
                    {release.name} · {release.signedOn}
                  </label>
                ))}
                <details className={styles.addNew}>
                  <summary data-testid={`details-add-${kind}`}>{t('releases.attach.addNew')}</summary>
                  <ReleaseUploadForm
                    kind={kind}
                    testId={`details-new-${kind}`}
                    onUploaded={(release) => {
                      setAdded((current) => [release, ...current]);
                      onChange({ ...value, releaseIds: [...value.releaseIds, release.id] });
                    }}
                  />
                </details>
              </div>
            )}
          </fieldset>
        );
      })}
      {missing.length > 0 && (
        <p className={styles.warning} data-testid="details-releases-missing">
          {t('releases.attach.missing')}
        </p>
      )}
    </div>
  );
}
