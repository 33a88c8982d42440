import {
  CREATION_FORMS,
  CREATION_THEMES,
  type PhotographerProfileView,
  SHARING_PLATFORMS,
  SIGNING_IMAGE_MAX_BYTES,
  SIGNING_MAX_IMAGES,
  SIGNING_MAX_PLATFORMS,
  SIGNING_MAX_VIDEO_LINKS,
  SIGNING_MIN_IMAGES,
  SIGNING_QUANTITY_MAX,
  SIGNING_RESUME_MAX_BYTES,
  type SigningApplicationView,
  type SigningField,
  type SigningStatusView,
} from '@mkt/contracts/web';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { signingCalls, signingFileProblem, uploadSigningFile } from '../../api/signingCalls';
import { Notice } from '../../catalogue/Notice';
import { useRemote } from '../../catalogue/useRemote';
import { addPageMessages } from '../../i18n/pageMessages';
import { joinEn } from '../../i18n/resources/join.en';
import { joinZhCN } from '../../i18n/resources/join.zh-CN';
import { Button } from '../../ui/Button';
import { useToast } from '../../ui/toast/ToastProvider';
import { SignedIn, chinaTime, messageOf } from '../Orders/common';
import styles from './Join.module.css';
import { formFrom, type JoinForm, problemsByField, submissionOf } from './joinForm';

addPageMessages('join', joinZhCN, joinEn);

const IMAGE_MAX_MB = SIGNING_IMAGE_MAX_BYTES / 1024 / 1024;
const RESUME_MAX_MB = SIGNING_RESUME_MAX_BYTES / 1024 / 1024;

/** /join (M): apply to sign as a photographer, and follow one's applications. */
export default function JoinPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} data-testid="join-page">
      <header className={styles.head}>
        <h1 className={styles.title}>{t('join.title')}</h1>
        <p className={styles.lead}>{t('join.lead')}</p>
      </header>
      <SignedIn>
        <Join />
      </SignedIn>
    </div>
  );
}

function Join() {
  const { t } = useTranslation();
  const status = useRemote<SigningStatusView>((signal) => signingCalls.status({ signal }), []);
  if (status.error) {
    return (
      <Notice title={t('join.loadFailed', { message: messageOf(status.error) })} testId="join-load-failed">
        <Button variant="secondary" onClick={status.reload}>
          {t('join.retry')}
        </Button>
      </Notice>
    );
  }
  const view = status.data;
  if (!view) return <p className={styles.muted}>{t('join.loading')}</p>;
  const latest = view.applications[0] ?? null;
  return (
    <>
      {view.blockedBy && (
        <div className={styles.banner} data-testid={`join-blocked-${view.blockedBy}`} data-tone={view.blockedBy === 'pending' ? 'progress' : 'done'}>
          <p>{t(`join.blocked.${view.blockedBy}`)}</p>
          {view.blockedBy !== 'pending' && (
            <Link to="/MaterialCenter" className={styles.bannerLink}>
              {t('join.materialCenter')}
            </Link>
          )}
        </div>
      )}
      {view.applications.length > 0 && <History applications={view.applications} />}
      {view.canApply && (
        <ApplicationForm
          // A new form after each submission or reload of the state, prefilled from the last application.
          key={latest?.id ?? 'first'}
          again={latest?.status === 'rejected'}
          initial={latest?.status === 'rejected' ? formFrom(latest, view.profile) : formFrom(null, view.profile)}
          profile={view.profile}
          onSubmitted={status.reload}
        />
      )}
    </>
  );
}

function History({ applications }: { applications: SigningApplicationView[] }) {
  const { t } = useTranslation();
  return (
    <section className={styles.section} aria-labelledby="join-history" data-testid="join-history">
      <h2 id="join-history" className={styles.sectionTitle}>
        {t('join.history.title')}
      </h2>
      <ul className={styles.history}>
        {applications.map((application) => (
          <li key={application.id} className={styles.application} data-testid="join-application" data-status={application.status}>
            <div className={styles.applicationHead}>
              <span className={styles.chip} data-status={application.status}>
                {t(`join.status.${application.status}`)}
              </span>
              <span className={styles.muted}>{t('join.history.images', { count: application.imageCount })}</span>
            </div>
            <dl className={styles.facts}>
              <dt>{t('join.history.id')}</dt>
              <dd className={styles.mono} data-testid="join-application-id">
                {application.id}
              </dd>
              <dt>{t('join.history.submittedAt')}</dt>
              <dd data-testid="join-application-time">{chinaTime(application.submittedAt)}</dd>
              {application.reviewedAt && (
                <>
                  <dt>{t('join.history.reviewedAt')}</dt>
                  <dd>{chinaTime(application.reviewedAt)}</dd>
                </>
              )}
            </dl>
            {application.status === 'rejected' && application.rejectReason && (
              <p className={styles.reason} data-testid="join-application-reason">
                {t('join.history.reason', { reason: application.rejectReason })}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

type Upload = { state: 'waiting' | 'uploading' | 'stored' | 'failed'; progress: number; fileId?: string; message?: string };
type ImageItem = Upload & { key: string; name: string; preview: string | null };
type ResumeState = Upload & { size?: number };

function ApplicationForm({ initial, again, profile, onSubmitted }: { initial: JoinForm; again: boolean; profile: PhotographerProfileView | null; onSubmitted: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const [form, setForm] = useState<JoinForm>(initial);
  const [tried, setTried] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const images = useImageUploads();
  const [resume, setResume] = useState<ResumeState>(profile?.resume ? { state: 'stored', progress: 1, fileId: profile.resume.fileId, size: profile.resume.size } : { state: 'waiting', progress: 0 });
  const [resumeBusy, setResumeBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const imageIds = images.items.filter((item) => item.state === 'stored').map((item) => item.fileId!);
  const problems = problemsByField(form, imageIds);
  const uploading = images.busy || resumeBusy;
  useLeaveWarning(uploading, t('join.leaveWarning'));

  const set = <K extends keyof JoinForm>(key: K, value: JoinForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setServerError(null);
  };
  const problemText = (field: SigningField): string | null => {
    const problem = tried ? problems[field] : undefined;
    if (!problem) return null;
    const max = { platforms: SIGNING_MAX_PLATFORMS, videoLinks: SIGNING_MAX_VIDEO_LINKS, quantity: SIGNING_QUANTITY_MAX, imageIds: SIGNING_MAX_IMAGES }[field as string] ?? 0;
    return t(`join.problems.${problem.field}.${problem.rule}` as 'join.problems.address.required', { min: SIGNING_MIN_IMAGES, max, maxMb: IMAGE_MAX_MB });
  };

  const chooseResume = async (file: File | undefined) => {
    if (!file) return;
    const local = signingFileProblem(file, 'resume');
    if (local) {
      setResume({ state: 'failed', progress: 0, message: t(local === 'type' ? 'join.resumeType' : 'join.resumeSize', { maxMb: RESUME_MAX_MB }) });
      return;
    }
    setResumeBusy(true);
    setResume({ state: 'uploading', progress: 0 });
    try {
      const stored = await uploadSigningFile(file, 'resume', (progress) => setResume((current) => ({ ...current, progress })));
      setResume({ state: 'stored', progress: 1, fileId: stored.fileId, size: stored.size });
    } catch (error) {
      setResume({ state: 'failed', progress: 0, message: messageOf(error) });
    } finally {
      setResumeBusy(false);
    }
  };

  const submit = async () => {
    setTried(true);
    setServerError(null);
    if (uploading || Object.keys(problems).length > 0) {
      // On a phone the first marked field is screens away from the button.
      requestAnimationFrame(() => formRef.current?.querySelector(`.${styles.fieldError}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' }));
      return;
    }
    setSending(true);
    try {
      await signingCalls.submit(submissionOf(form, imageIds, resume.state === 'stored' ? resume.fileId! : null));
      toast.show({ message: t('join.submitted') });
      window.scrollTo({ top: 0 });
      onSubmitted();
    } catch (error) {
      setServerError(messageOf(error));
      setSending(false);
    }
  };

  const hasProblems = tried && Object.keys(problems).length > 0;
  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="join-form"
    >
      {again && (
        <div className={styles.againHead}>
          <h2 className={styles.sectionTitle}>{t('join.applyAgain')}</h2>
          <p className={styles.muted}>{t('join.applyAgainLead')}</p>
        </div>
      )}

      <Section title={t('join.sections.works')}>
        <FieldBlock label={t('join.fields.platformUrl')} hint={t('join.hints.platforms')} error={problemText('platforms')} testId="join-problem-platforms">
          {form.platforms.map((entry, index) => (
            <div key={index} className={styles.row}>
              <select
                className={styles.select}
                aria-label={t('join.fields.platform')}
                value={entry.platform}
                onChange={(event) => set('platforms', form.platforms.map((e, i) => (i === index ? { ...e, platform: event.target.value } : e)))}
                data-testid={`join-platform-${index}`}
              >
                {SHARING_PLATFORMS.map((platform) => (
                  <option key={platform} value={platform}>
                    {t(`join.platforms.${platform}`)}
                  </option>
                ))}
              </select>
              <input
                className={styles.input}
                type="url"
                inputMode="url"
                aria-label={t('join.fields.platformUrl')}
                placeholder={t('join.placeholders.platformUrl')}
                value={entry.url}
                maxLength={500}
                onChange={(event) => set('platforms', form.platforms.map((e, i) => (i === index ? { ...e, url: event.target.value } : e)))}
                data-testid={`join-platform-url-${index}`}
              />
              {form.platforms.length > 1 && (
                <button type="button" className={styles.remove} onClick={() => set('platforms', form.platforms.filter((_, i) => i !== index))} aria-label={t('join.remove')}>
                  ×
                </button>
              )}
            </div>
          ))}
          {form.platforms.length < SIGNING_MAX_PLATFORMS && (
            <button type="button" className={styles.add} onClick={() => set('platforms', [...form.platforms, { platform: 'other', url: '' }])} data-testid="join-add-platform">
              + {t('join.addPlatform')}
            </button>
          )}
        </FieldBlock>
        <FieldBlock label={t('join.fields.videoLink')} hint={t('join.hints.videoLinks')} error={problemText('videoLinks')} testId="join-problem-videoLinks">
          {form.videoLinks.map((link, index) => (
            <div key={index} className={styles.row}>
              <input
                className={styles.input}
                type="url"
                inputMode="url"
                aria-label={t('join.fields.videoLink')}
                placeholder={t('join.placeholders.videoLink')}
                value={link}
                maxLength={500}
                onChange={(event) => set('videoLinks', form.videoLinks.map((l, i) => (i === index ? event.target.value : l)))}
                data-testid={`join-video-${index}`}
              />
              {form.videoLinks.length > 1 && (
                <button type="button" className={styles.remove} onClick={() => set('videoLinks', form.videoLinks.filter((_, i) => i !== index))} aria-label={t('join.remove')}>
                  ×
                </button>
              )}
            </div>
          ))}
          {form.videoLinks.length < SIGNING_MAX_VIDEO_LINKS && (
            <button type="button" className={styles.add} onClick={() => set('videoLinks', [...form.videoLinks, ''])} data-testid="join-add-video">
              + {t('join.addVideoLink')}
            </button>
          )}
        </FieldBlock>
      </Section>

      <Section title={t('join.sections.basic')}>
        <div className={styles.grid}>
          <TextField label={t('join.fields.realName')} value={form.realName} maxLength={50} autoComplete="name" onChange={(v) => set('realName', v)} error={problemText('realName')} testId="join-real-name" />
          <TextField label={t('join.fields.idNumber')} hint={t('join.hints.idNumber')} value={form.idNumber} maxLength={22} autoComplete="off" onChange={(v) => set('idNumber', v)} error={problemText('idNumber')} testId="join-id-number" />
          <TextField label={t('join.fields.wechatId')} hint={t('join.hints.wechatId')} value={form.wechatId} maxLength={40} autoComplete="off" onChange={(v) => set('wechatId', v)} error={problemText('wechatId')} testId="join-wechat" />
          <TextField label={t('join.fields.address')} placeholder={t('join.placeholders.address')} value={form.address} maxLength={200} autoComplete="street-address" onChange={(v) => set('address', v)} error={problemText('address')} testId="join-address" />
        </div>
      </Section>

      <Section title={t('join.sections.creation')}>
        <div className={styles.grid}>
          <TextField label={t('join.fields.quantity')} hint={t('join.hints.quantity')} placeholder={t('join.placeholders.quantity')} value={form.quantity} maxLength={12} inputMode="numeric" onChange={(v) => set('quantity', v)} error={problemText('quantity')} testId="join-quantity" />
        </div>
        <Choices
          label={t('join.fields.creationForms')}
          options={CREATION_FORMS.map((value) => ({ value, label: t(`join.creationForms.${value}`) }))}
          chosen={form.creationForms}
          onChange={(chosen) => set('creationForms', chosen)}
          error={problemText('creationForms')}
          testId="join-creation"
        />
        <Choices
          label={t('join.fields.themes')}
          options={CREATION_THEMES.map((value) => ({ value, label: t(`join.themes.${value}`) }))}
          chosen={form.themes}
          onChange={(chosen) => set('themes', chosen)}
          error={problemText('themes')}
          testId="join-theme"
        />
      </Section>

      <Section title={t('join.sections.images')}>
        <ImagesField images={images} error={problemText('imageIds')} />
      </Section>

      <Section title={t('join.sections.profile')}>
        <div className={styles.grid}>
          <TextField label={t('join.fields.residentArea')} value={form.residentArea} maxLength={100} onChange={(v) => set('residentArea', v)} testId="join-resident-area" />
          <TextField label={t('join.fields.mainServices')} value={form.mainServices} maxLength={300} onChange={(v) => set('mainServices', v)} testId="join-main-services" />
          <TextField label={t('join.fields.socialAccounts')} value={form.socialAccounts} maxLength={300} onChange={(v) => set('socialAccounts', v)} testId="join-social" />
        </div>
        <TextArea label={t('join.fields.intro')} placeholder={t('join.placeholders.intro')} value={form.intro} maxLength={1000} onChange={(v) => set('intro', v)} testId="join-intro" />
        <ResumeField resume={resume} onChoose={(file) => void chooseResume(file)} onRemove={() => setResume({ state: 'waiting', progress: 0 })} />
      </Section>

      {(serverError || (tried && (uploading || hasProblems))) && (
        <p className={styles.error} role="alert" data-testid="join-error">
          {serverError ?? (uploading ? t('join.waitUploads') : t('join.fixProblems'))}
        </p>
      )}
      <div className={styles.actions}>
        <Button type="submit" size="lg" disabled={sending} data-testid="join-submit">
          {sending ? t('join.submitting') : t('join.submit')}
        </Button>
      </div>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={styles.section}>
      <legend className={styles.sectionTitle}>{title}</legend>
      {children}
    </fieldset>
  );
}

function FieldBlock({ label, hint, error, testId, children }: { label: string; hint?: string; error: string | null; testId: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <span className={styles.label}>{label}</span>
      {hint && <span className={styles.hint}>{hint}</span>}
      {children}
      {error && (
        <span className={styles.fieldError} data-testid={testId}>
          {error}
        </span>
      )}
    </div>
  );
}

interface TextFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  hint?: string;
  placeholder?: string;
  error?: string | null;
  autoComplete?: string;
  inputMode?: 'numeric' | 'text';
  testId: string;
}

function TextField({ label, value, onChange, maxLength, hint, placeholder, error, autoComplete, inputMode, testId }: TextFieldProps) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        className={styles.input}
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        autoComplete={autoComplete}
        inputMode={inputMode}
        aria-invalid={!!error}
        onChange={(event) => onChange(event.target.value)}
        data-testid={testId}
      />
      {hint && <span className={styles.hint}>{hint}</span>}
      {error && (
        <span className={styles.fieldError} data-testid={`${testId}-problem`}>
          {error}
        </span>
      )}
    </div>
  );
}

function TextArea({ label, value, onChange, maxLength, placeholder, testId }: Omit<TextFieldProps, 'hint' | 'error' | 'autoComplete' | 'inputMode'>) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <textarea id={id} className={styles.textarea} value={value} maxLength={maxLength} placeholder={placeholder} rows={4} onChange={(event) => onChange(event.target.value)} data-testid={testId} />
    </div>
  );
}

function Choices({ label, options, chosen, onChange, error, testId }: { label: string; options: { value: string; label: string }[]; chosen: string[]; onChange: (chosen: string[]) => void; error: string | null; testId: string }) {
  return (
    <fieldset className={styles.choices}>
      <legend className={styles.label}>{label}</legend>
      <div className={styles.chips}>
        {options.map((option) => {
          const on = chosen.includes(option.value);
          return (
            <label key={option.value} className={styles.choice} data-checked={on}>
              <input
                type="checkbox"
                checked={on}
                onChange={() => onChange(on ? chosen.filter((value) => value !== option.value) : [...chosen, option.value])}
                data-testid={`${testId}-${option.value}`}
              />
              {option.label}
            </label>
          );
        })}
      </div>
      {error && (
        <span className={styles.fieldError} data-testid={`${testId}-problem`}>
          {error}
        </span>
      )}
    </fieldset>
  );
}

interface ImageUploads {
  items: ImageItem[];
  busy: boolean;
  overLimit: boolean;
  add(files: File[]): void;
  remove(key: string): void;
}

/**
 * The representative images: checked in the browser first (type and size), then uploaded one
 * after another with their progress, each checked again by the server on its bytes.
 */
function useImageUploads(): ImageUploads {
  const { t } = useTranslation();
  const [items, setItems] = useState<ImageItem[]>([]);
  const [overLimit, setOverLimit] = useState(false);
  const files = useRef(new Map<string, File>());
  const queue = useRef<string[]>([]);
  const running = useRef(false);
  const current = useRef<{ key: string; controller: AbortController } | null>(null);
  const counter = useRef(0);

  const update = useCallback((key: string, change: Partial<ImageItem>) => setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item))), []);

  const pump = useCallback(async () => {
    if (running.current) return;
    running.current = true;
    try {
      for (let key = queue.current.shift(); key !== undefined; key = queue.current.shift()) {
        const file = files.current.get(key);
        if (!file) continue;
        const controller = new AbortController();
        current.current = { key, controller };
        update(key, { state: 'uploading', progress: 0 });
        try {
          const stored = await uploadSigningFile(file, 'image', (progress) => update(key, { progress }), controller.signal);
          update(key, { state: 'stored', progress: 1, fileId: stored.fileId });
        } catch (error) {
          if (!controller.signal.aborted) update(key, { state: 'failed', progress: 0, message: messageOf(error) });
        } finally {
          current.current = null;
          files.current.delete(key);
        }
      }
    } finally {
      running.current = false;
    }
  }, [update]);

  useEffect(
    () => () => {
      current.current?.controller.abort();
      queue.current = [];
    },
    [],
  );
  const previews = useRef<ImageItem[]>([]);
  previews.current = items;
  useEffect(() => () => previews.current.forEach((item) => item.preview && URL.revokeObjectURL(item.preview)), []);

  const add = (chosen: File[]) => {
    const room = SIGNING_MAX_IMAGES - items.filter((item) => item.state !== 'failed').length;
    setOverLimit(chosen.length > room);
    const added: ImageItem[] = chosen.slice(0, Math.max(0, room)).map((file) => {
      counter.current += 1;
      const key = `image-${counter.current}`;
      const local = signingFileProblem(file, 'image');
      if (local) return { key, name: file.name, preview: null, state: 'failed', progress: 0, message: t(local === 'type' ? 'join.fileType' : 'join.fileSize', { maxMb: IMAGE_MAX_MB }) };
      files.current.set(key, file);
      queue.current.push(key);
      return { key, name: file.name, preview: URL.createObjectURL(file), state: 'waiting', progress: 0 };
    });
    setItems((all) => [...all, ...added]);
    void pump();
  };

  const remove = (key: string) => {
    if (current.current?.key === key) current.current.controller.abort();
    queue.current = queue.current.filter((k) => k !== key);
    files.current.delete(key);
    setItems((all) => {
      const gone = all.find((item) => item.key === key);
      if (gone?.preview) URL.revokeObjectURL(gone.preview);
      return all.filter((item) => item.key !== key);
    });
    setOverLimit(false);
  };

  return { items, busy: items.some((item) => item.state === 'waiting' || item.state === 'uploading'), overLimit, add, remove };
}

function ImagesField({ images, error }: { images: ImageUploads; error: string | null }) {
  const { t } = useTranslation();
  const inputId = useId();
  const done = images.items.filter((item) => item.state === 'stored').length;
  const pending = images.items.filter((item) => item.state === 'waiting' || item.state === 'uploading').length;
  return (
    <div className={styles.field}>
      <span className={styles.hint}>{t('join.hints.images', { min: SIGNING_MIN_IMAGES, max: SIGNING_MAX_IMAGES, maxMb: IMAGE_MAX_MB })}</span>
      <div className={styles.imagesBar}>
        <label htmlFor={inputId} className={styles.pick}>
          {t('join.chooseImages')}
        </label>
        <input
          id={inputId}
          className={styles.fileInput}
          type="file"
          multiple
          accept="image/jpeg,image/png"
          onChange={(event) => {
            images.add([...(event.target.files ?? [])]);
            event.target.value = '';
          }}
          data-testid="join-images-input"
        />
        <span className={styles.count} data-testid="join-images-count" data-done={done}>
          {t('join.imagesCount', { done, min: SIGNING_MIN_IMAGES, max: SIGNING_MAX_IMAGES })}
          {pending > 0 && ` · ${t('join.imagesUploading', { count: pending })}`}
        </span>
      </div>
      {images.overLimit && <span className={styles.fieldError}>{t('join.imagesOverLimit', { max: SIGNING_MAX_IMAGES })}</span>}
      {images.items.length > 0 && (
        <ul className={styles.images}>
          {images.items.map((item) => (
            <li key={item.key} className={styles.image} data-state={item.state} data-testid="join-image" title={item.name}>
              {item.preview ? <img src={item.preview} alt={item.name} /> : <span className={styles.imageName}>{item.name}</span>}
              {(item.state === 'waiting' || item.state === 'uploading') && (
                <span className={styles.progress} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(item.progress * 100)}>
                  <span style={{ width: `${Math.round(item.progress * 100)}%` }} />
                </span>
              )}
              {item.state === 'failed' && <span className={styles.imageError}>{item.message ?? t('join.uploadFailed')}</span>}
              <button type="button" className={styles.imageRemove} onClick={() => images.remove(item.key)} aria-label={`${t('join.remove')} ${item.name}`}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <span className={styles.fieldError} data-testid="join-problem-images">
          {error}
        </span>
      )}
    </div>
  );
}

function ResumeField({ resume, onChoose, onRemove }: { resume: ResumeState; onChoose: (file: File | undefined) => void; onRemove: () => void }) {
  const { t } = useTranslation();
  const inputId = useId();
  return (
    <div className={styles.field}>
      <span className={styles.label}>{t('join.fields.resume', { maxMb: RESUME_MAX_MB })}</span>
      <div className={styles.imagesBar}>
        <label htmlFor={inputId} className={styles.pick}>
          {resume.state === 'stored' ? t('join.replaceResume') : t('join.chooseResume')}
        </label>
        <input
          id={inputId}
          className={styles.fileInput}
          type="file"
          accept="application/pdf,.pdf"
          disabled={resume.state === 'uploading'}
          onChange={(event) => {
            onChoose(event.target.files?.[0]);
            event.target.value = '';
          }}
          data-testid="join-resume-input"
        />
        {resume.state === 'uploading' && (
          <span className={styles.progressWide} role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(resume.progress * 100)}>
            <span style={{ width: `${Math.round(resume.progress * 100)}%` }} />
          </span>
        )}
        {resume.state === 'stored' && (
          <>
            <span className={styles.muted} data-testid="join-resume-stored">
              {t('join.resumeStored', { size: `${((resume.size ?? 0) / 1024 / 1024).toFixed(1)} MB` })}
            </span>
            <button type="button" className={styles.add} onClick={onRemove}>
              {t('join.removeResume')}
            </button>
          </>
        )}
      </div>
      {resume.state === 'failed' && (
        <span className={styles.fieldError} role="alert">
          {resume.message}
        </span>
      )}
    </div>
  );
}

/** Leaving or reloading while files upload would stop them: the browser asks first. */
function useLeaveWarning(active: boolean, message: string) {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active, message]);
}
