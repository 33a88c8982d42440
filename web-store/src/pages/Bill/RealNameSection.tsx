import { ID_PHOTO_MAX_BYTES, type IdPhotoSide, normaliseIdNumber, type RealNameView } from '@mkt/contracts/web';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { idPhotoProblem, realNameCalls, uploadIdPhoto } from '../../api/realNameCalls';
import { formatUtc8Date } from '../../catalogue/materialFormat';
import { useRemote } from '../../catalogue/useRemote';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast/ToastProvider';
import { messageOf } from '../Orders/common';
import styles from './Bill.module.css';
import { type FieldProblem, realNameProblems } from './accountForms';
import { ReviewedSection } from './ReviewedSection';

const MAX_MB = ID_PHOTO_MAX_BYTES / 1024 / 1024;
const TONE = { none: 'attention', verifying: 'progress', verified: 'done', rejected: 'problem' } as const;

type PhotoState = { state: 'empty' } | { state: 'uploading'; preview: string } | { state: 'stored'; preview: string; photoId: string } | { state: 'failed'; message: string };

/** The contributor's real-name check: its state and staff's reason, and the form while it can be (re)submitted. */
export function RealNameSection({ onChange }: { onChange: (view: RealNameView) => void }) {
  const { t } = useTranslation();
  const status = useRemote<RealNameView>((signal) => realNameCalls.status({ signal }), []);
  const view = status.data;
  useEffect(() => {
    if (view) onChange(view);
  }, [view, onChange]);

  return (
    <ReviewedSection
      name="real-name"
      title={t('bill.realName.title')}
      lead={t('bill.realName.lead')}
      view={view ?? null}
      statusLabel={(value) => t(`bill.realName.status.${value}`)}
      tones={TONE}
      error={status.error}
    >
      {(view) => (
        <>
          <p className={styles.muted}>{t(`bill.realName.statusHint.${view.status}`)}</p>
          {view.status === 'rejected' && view.rejectReason && (
            <p className={styles.reason} data-testid="bill-real-name-reason">
              {t('bill.realName.reason', { reason: view.rejectReason })}
            </p>
          )}
          {view.name && (
            <dl className={styles.facts}>
              <dt>{t('bill.realName.name')}</dt>
              <dd data-testid="bill-real-name-name">{view.name}</dd>
              <dt>{t('bill.realName.idNumber')}</dt>
              <dd>{view.idNumberMasked}</dd>
              {view.submittedAt && (
                <>
                  <dt>{t('bill.realName.submittedOn')}</dt>
                  <dd>{formatUtc8Date(view.submittedAt)}</dd>
                </>
              )}
            </dl>
          )}
          {(view.status === 'none' || view.status === 'rejected') && (
            <RealNameForm
              initialName={view.name ?? ''}
              again={view.status === 'rejected'}
              onSubmitted={() => {
                status.reload();
              }}
            />
          )}
        </>
      )}
    </ReviewedSection>
  );
}

function RealNameForm({ initialName, again, onSubmitted }: { initialName: string; again: boolean; onSubmitted: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const nameId = useId();
  const idNumberId = useId();
  const [name, setName] = useState(initialName);
  const [idNumber, setIdNumber] = useState('');
  const [photos, setPhotos] = useState<Record<IdPhotoSide, PhotoState>>({ portrait: { state: 'empty' }, emblem: { state: 'empty' } });
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const photoId = (side: IdPhotoSide) => (photos[side].state === 'stored' ? (photos[side] as { photoId: string }).photoId : null);
  const problems = realNameProblems({ name, idNumber, portraitPhotoId: photoId('portrait'), emblemPhotoId: photoId('emblem') });
  const uploading = Object.values(photos).some((p) => p.state === 'uploading');
  const problemText = (problem: FieldProblem | undefined) => (tried && problem ? t(`bill.fieldProblem.${problem}`) : null);

  const choose = async (side: IdPhotoSide, file: File | undefined) => {
    if (!file) return;
    const local = idPhotoProblem(file);
    if (local) {
      setPhotos((all) => ({ ...all, [side]: { state: 'failed', message: t(local === 'type' ? 'bill.realName.photoType' : 'bill.realName.photoSize', { maxMb: MAX_MB }) } }));
      return;
    }
    const preview = URL.createObjectURL(file);
    setPhotos((all) => ({ ...all, [side]: { state: 'uploading', preview } }));
    try {
      const stored = await uploadIdPhoto(file, side);
      setPhotos((all) => ({ ...all, [side]: { state: 'stored', preview, photoId: stored.photoId } }));
    } catch (error) {
      URL.revokeObjectURL(preview);
      setPhotos((all) => ({ ...all, [side]: { state: 'failed', message: messageOf(error) } }));
    }
  };

  const submit = async () => {
    setTried(true);
    setServerError(null);
    if (uploading || Object.keys(problems).length > 0) return;
    setSending(true);
    try {
      await realNameCalls.submit({ name: name.trim(), idNumber: normaliseIdNumber(idNumber), portraitPhotoId: photoId('portrait')!, emblemPhotoId: photoId('emblem')! });
      toast.show({ message: t('bill.realName.submitted') });
      onSubmitted();
    } catch (error) {
      setServerError(messageOf(error));
    } finally {
      setSending(false);
    }
  };

  return (
    <form
      className={styles.accountForm}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="bill-real-name-form"
    >
      <div className={styles.field}>
        <label htmlFor={nameId} className={styles.fieldLabel}>
          {t('bill.realName.name')}
        </label>
        <input id={nameId} value={name} maxLength={50} autoComplete="name" aria-invalid={!!problemText(problems.name)} onChange={(e) => setName(e.target.value)} data-testid="bill-real-name-input" />
        {problemText(problems.name) && <span className={styles.fieldError}>{problemText(problems.name)}</span>}
      </div>
      <div className={styles.field}>
        <label htmlFor={idNumberId} className={styles.fieldLabel}>
          {t('bill.realName.idNumber')}
        </label>
        <input id={idNumberId} value={idNumber} maxLength={22} autoComplete="off" aria-invalid={!!problemText(problems.idNumber)} onChange={(e) => setIdNumber(e.target.value)} data-testid="bill-real-name-id" />
        {problemText(problems.idNumber) && <span className={styles.fieldError}>{problemText(problems.idNumber)}</span>}
      </div>
      <div className={styles.photos}>
        {(['portrait', 'emblem'] as const).map((side) => (
          <PhotoPicker key={side} side={side} photo={photos[side]} missing={tried && problems[`${side}PhotoId`] === 'required' && photos[side].state === 'empty'} onChoose={(file) => void choose(side, file)} />
        ))}
      </div>
      {(serverError || (tried && uploading)) && (
        <p className={styles.error} role="alert" data-testid="bill-real-name-error">
          {serverError ?? t('bill.realName.waitUploads')}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={sending} data-testid="bill-real-name-submit">
          {again ? t('bill.realName.resubmit') : t('bill.realName.submit')}
        </Button>
      </div>
    </form>
  );
}

function PhotoPicker({ side, photo, missing, onChoose }: { side: IdPhotoSide; photo: PhotoState; missing: boolean; onChoose: (file: File | undefined) => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const label = t(`bill.realName.${side}`);
  return (
    <div className={styles.photo} data-testid={`bill-photo-${side}`} data-state={photo.state}>
      <span className={styles.fieldLabel}>{label}</span>
      <div className={styles.photoFrame}>{'preview' in photo ? <img src={photo.preview} alt={label} /> : <span className={styles.muted}>{t('bill.realName.photoHint', { maxMb: MAX_MB })}</span>}</div>
      <label htmlFor={inputId} className={styles.photoButton}>
        {photo.state === 'empty' || photo.state === 'failed' ? t('bill.realName.choosePhoto') : t('bill.realName.replacePhoto')}
      </label>
      <input
        id={inputId}
        className={styles.fileInput}
        type="file"
        accept="image/jpeg,image/png"
        onChange={(event) => {
          onChoose(event.target.files?.[0]);
          event.target.value = '';
        }}
        data-testid={`bill-photo-${side}-input`}
      />
      <span className={photo.state === 'failed' || missing ? styles.fieldError : styles.muted} role={photo.state === 'failed' ? 'alert' : undefined}>
        {photo.state === 'uploading' && t('bill.realName.uploading')}
        {photo.state === 'stored' && t('bill.realName.uploaded')}
        {photo.state === 'failed' && photo.message}
        {missing && t('bill.fieldProblem.required')}
      </span>
    </div>
  );
}
