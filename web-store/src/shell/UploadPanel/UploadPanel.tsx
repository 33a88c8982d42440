import type { UploadKind } from '@mkt/contracts/web';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSession } from '../../session/SessionProvider';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { CloseIcon, FilmIcon, ImageIcon } from '../../ui/icons';
import { useDesktopDownloads } from '../../uploads/desktopUploader';
import { uploadMessageText } from '../../uploads/uploadMessages';
import type { QueueFile } from '../../uploads/uploader';
import { formatBytes, formatDuration } from '../../uploads/uploadFormat';
import '../../pages/MaterialCenter/detailsMessages';
import styles from './UploadPanel.module.css';
import { useUploadPanel, type PanelStep } from './UploadPanelProvider';

const kindOfStep = (step: PanelStep): UploadKind => (step === 3 ? 'photo' : 'video');

/** The contributors' upload panel (spec section 2 "Upload panel"), once in the shell. */
export function UploadPanel() {
  const { t } = useTranslation();
  const panel = useUploadPanel();
  const { user } = useSession();
  const [desktopOpen, setDesktopOpen] = useState(false);
  const desktop = useDesktopDownloads();
  if (!panel.open || !user) return null;

  const running = panel.snapshots.video.running || panel.snapshots.photo.running;
  if (panel.minimised) {
    // The queue uploading now, else the one with files listed.
    const { video, photo } = panel.snapshots;
    const active = photo.running || (!video.running && photo.files.length > 0) ? photo : video;
    return (
      <button type="button" className={styles.mini} onClick={() => panel.setMinimised(false)} data-testid="upload-mini" aria-label={t('uploads.panel.restore')}>
        <span className={styles.miniLabel}>{running ? t('uploads.panel.uploading') : t('uploads.panel.title')}</span>
        <span className={styles.bar}>
          <span className={styles.barFill} style={{ width: `${active.percent}%` }} />
        </span>
        <span className={styles.miniPercent}>{active.percent}%</span>
      </button>
    );
  }

  return (
    <aside className={styles.panel} aria-label={t('uploads.panel.title')} data-testid="upload-panel">
      <header className={styles.head}>
        <h2 className={styles.title}>{t('uploads.panel.title')}</h2>
        <div className={styles.headActions}>
          <button type="button" className={styles.iconButton} onClick={() => panel.setMinimised(true)} data-testid="upload-minimise">
            {t('uploads.panel.minimise')}
          </button>
          <button
            type="button"
            className={styles.iconButton}
            aria-label={t('uploads.panel.close')}
            // Closing during an upload only minimises it: the transfers keep going.
            onClick={() => (running ? panel.setMinimised(true) : panel.closePanel())}
            data-testid="upload-close"
          >
            <CloseIcon size={18} />
          </button>
        </div>
      </header>
      {panel.step === 1 ? (
        <ChooseKind
          videoAllowed={user.videoFlag}
          photoAllowed={user.photoFlag}
          onChoose={(kind) => panel.setStep(kind === 'video' ? 2 : 3)}
          onDesktop={desktop.length > 0 ? () => setDesktopOpen(true) : null}
        />
      ) : (
        <QueueStep key={panel.step} kind={kindOfStep(panel.step)} />
      )}
      <Dialog open={desktopOpen} title={t('uploads.desktop.title')} onClose={() => setDesktopOpen(false)} closeLabel={t('uploads.panel.close')} testId="desktop-uploader">
        <p className={styles.muted}>{t('uploads.desktop.body', { version: desktop[0]?.version ?? '' })}</p>
        <div className={styles.desktopLinks}>
          {desktop.map((download) => (
            <a key={download.platform} className={styles.download} href={download.url} download data-testid={`desktop-${download.platform}`}>
              {t(`uploads.desktop.${download.platform}`)} · v{download.version}
            </a>
          ))}
        </div>
        <Link to="/howToUseUploadTool" onClick={() => setDesktopOpen(false)} className={styles.textLink}>
          {t('uploads.desktop.howTo')} →
        </Link>
      </Dialog>
    </aside>
  );
}

function ChooseKind(props: { videoAllowed: boolean; photoAllowed: boolean; onChoose(kind: UploadKind): void; onDesktop: (() => void) | null }) {
  const { t } = useTranslation();
  return (
    <div className={styles.body}>
      <p className={styles.step}>{t('uploads.panel.step1')}</p>
      <div className={styles.choices}>
        <button type="button" className={styles.choice} disabled={!props.videoAllowed} onClick={() => props.onChoose('video')} data-testid="choose-video">
          <FilmIcon size={28} />
          <span>{t('uploads.panel.video')}</span>
          {!props.videoAllowed && <small className={styles.muted}>{t('uploads.panel.videoDisabled')}</small>}
        </button>
        <button type="button" className={styles.choice} disabled={!props.photoAllowed} onClick={() => props.onChoose('photo')} data-testid="choose-photo">
          <ImageIcon size={28} />
          <span>{t('uploads.panel.photo')}</span>
          {!props.photoAllowed && <small className={styles.muted}>{t('uploads.panel.photoDisabled')}</small>}
        </button>
      </div>
      {props.onDesktop && (
        <button type="button" className={styles.textButton} onClick={props.onDesktop} data-testid="open-desktop-uploader">
          {t('uploads.panel.desktop')}
        </button>
      )}
    </div>
  );
}

function QueueStep({ kind }: { kind: UploadKind }) {
  const { t } = useTranslation();
  const panel = useUploadPanel();
  const navigate = useNavigate();
  const queue = panel.queues[kind];
  const snapshot = panel.snapshots[kind];
  const input = useRef<HTMLInputElement>(null);
  const [requirementsOpen, setRequirementsOpen] = useState(false);
  const [confirmBack, setConfirmBack] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const unfinished = panel.checkpoints.filter((c) => c.kind === kind && !snapshot.files.some((f) => f.token?.filePath === c.filePath));

  const back = () => {
    if (snapshot.files.length > 0) setConfirmBack(true);
    else panel.setStep(1);
  };
  const start = () => {
    const { error: refused } = queue.start();
    setError(refused ? t(`uploads.rules.${refused.key}`) : null);
  };
  const goToCenter = () => navigate(`/MaterialCenter?tab=${kind === 'video' ? 'videoWaiting' : 'photoWaiting'}&mode=1&sec=-1`);

  return (
    <div className={styles.body}>
      <div className={styles.toolbar}>
        <Button variant="ghost" onClick={back} data-testid="upload-back">
          ← {t('uploads.panel.back')}
        </Button>
        <p className={styles.step}>{kind === 'video' ? t('uploads.panel.step2') : t('uploads.panel.step3')}</p>
        <Button variant="ghost" onClick={() => setRequirementsOpen(true)} data-testid="upload-requirements">
          {t('uploads.panel.requirements')}
        </Button>
      </div>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={kind === 'video' ? '.mp4,video/mp4' : '.jpg,.jpeg,.png,image/jpeg,image/png'}
        data-testid="upload-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          setError(null);
          void queue.add(files);
        }}
      />
      <button type="button" className={styles.drop} onClick={() => input.current?.click()} disabled={snapshot.running} data-testid="upload-add">
        <strong>{t('uploads.panel.addFiles')}</strong>
        <span className={styles.muted}>{kind === 'video' ? t('uploads.panel.videoHint') : t('uploads.panel.photoHint')}</span>
      </button>
      {unfinished.length > 0 && (
        <div className={styles.unfinished} data-testid="upload-unfinished">
          <p>{t('uploads.panel.unfinished')}</p>
          <ul>
            {unfinished.map((c) => (
              <li key={c.filePath}>
                {c.name} · {c.percent}%
              </li>
            ))}
          </ul>
        </div>
      )}
      <ul className={styles.files} data-testid="upload-files">
        {snapshot.files.map((file) => (
          <FileRow key={file.id} file={file} disabled={snapshot.running} onRemove={() => queue.remove(file.id)} onRetry={start} />
        ))}
      </ul>
      {error && (
        <p className={styles.error} role="alert" data-testid="upload-error">
          {error}
        </p>
      )}
      <footer className={styles.footer}>
        <div className={styles.summary}>
          <span className={styles.bar}>
            <span className={styles.barFill} style={{ width: `${snapshot.percent}%` }} />
          </span>
          <span data-testid="upload-time-left">
            {snapshot.running && snapshot.secondsLeft !== null
              ? t('uploads.panel.timeLeft', { time: formatDuration(snapshot.secondsLeft), speed: `${formatBytes(snapshot.speed)}/s` })
              : `${snapshot.percent}%`}
          </span>
        </div>
        <div className={styles.actions}>
          <Button variant="secondary" disabled={snapshot.running || snapshot.files.length === 0} onClick={() => queue.clear()} data-testid="upload-clear">
            {t('uploads.panel.clear')}
          </Button>
          <Button variant="secondary" onClick={goToCenter} data-testid="upload-go-center">
            {t('uploads.panel.goToCenter')}
          </Button>
          {snapshot.running ? (
            <Button onClick={() => queue.pause()} data-testid="upload-pause">
              {t('uploads.panel.pause')}
            </Button>
          ) : (
            <Button onClick={start} data-testid="upload-start">
              {snapshot.files.some((f) => f.status === 'paused') ? t('uploads.panel.resume') : t('uploads.panel.start')}
            </Button>
          )}
        </div>
      </footer>
      {requirementsOpen && (
        <div className={styles.sheet} role="dialog" aria-label={t('uploads.panel.requirements')} data-testid="upload-requirements-sheet">
          <div className={styles.sheetHead}>
            <h3>{kind === 'video' ? t('uploads.requirements.videoTitle') : t('uploads.requirements.photoTitle')}</h3>
            <button type="button" className={styles.iconButton} aria-label={t('uploads.panel.close')} onClick={() => setRequirementsOpen(false)}>
              <CloseIcon size={18} />
            </button>
          </div>
          <ul className={styles.requirements}>
            {(kind === 'video' ? VIDEO_REQUIREMENTS : PHOTO_REQUIREMENTS).map((key) => (
              <li key={key}>{t(`uploads.requirements.${key}`)}</li>
            ))}
          </ul>
          <Link to="/howToGetHighQualityVideo" className={styles.textLink}>
            {t('help.highQuality.title')} →
          </Link>
        </div>
      )}
      <Dialog open={confirmBack} title={t('uploads.panel.confirmBackTitle')} onClose={() => setConfirmBack(false)} closeLabel={t('uploads.panel.close')} testId="upload-confirm-back">
        <p className={styles.muted}>{t('uploads.panel.confirmBackBody')}</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setConfirmBack(false)}>
            {t('uploads.panel.cancel')}
          </Button>
          <Button
            onClick={() => {
              setConfirmBack(false);
              void queue.cancelAll().then(() => panel.setStep(1));
            }}
            data-testid="upload-confirm-back-ok"
          >
            {t('uploads.panel.confirmBackOk')}
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

const VIDEO_REQUIREMENTS = ['videoFormat', 'videoCodec', 'videoResolution', 'videoDuration', 'videoSize', 'videoClean'] as const;
const PHOTO_REQUIREMENTS = ['photoFormat', 'photoSize', 'photoPixels', 'photoSide'] as const;

function FileRow({ file, disabled, onRemove, onRetry }: { file: QueueFile; disabled: boolean; onRemove(): void; onRetry(): void }) {
  const { t } = useTranslation();
  const message = uploadMessageText(file.message, t);
  return (
    <li className={styles.file} data-testid="upload-file" data-status={file.status} data-percent={file.percent}>
      <div className={styles.fileHead}>
        <span className={styles.fileName} title={file.name}>
          {file.name}
        </span>
        <span className={styles.muted}>{formatBytes(file.size)}</span>
        <button type="button" className={styles.remove} disabled={disabled} onClick={onRemove} aria-label={t('uploads.panel.remove')}>
          <CloseIcon size={14} />
        </button>
      </div>
      <span className={styles.bar}>
        <span className={`${styles.barFill} ${file.status === 'exception' ? styles.barError : ''}`} style={{ width: `${file.percent}%` }} />
      </span>
      <div className={styles.fileStatus}>
        <span data-testid="upload-file-status">{t(`uploads.status.${file.status}`)}</span>
        <span>{file.percent}%</span>
      </div>
      {file.earlier && (
        <p className={styles.fileMessage} data-testid="upload-file-earlier">
          {t('uploads.panel.earlier', { id: file.earlier.id, status: t(`materialCenter.status.${file.earlier.status}`) })}{' '}
          <Link to={`/WorkDetail?id=${file.earlier.id}`} className={styles.retry}>
            {t('uploads.panel.earlierOpen')}
          </Link>
        </p>
      )}
      {file.status === 'success' && file.uploadId !== null && (
        // The details step: titles, keywords, category and filters, needed before review.
        <p className={styles.fileMessage}>
          {t('details.missing')}{' '}
          <Link to={`/WorkDetail?id=${file.uploadId}&details=1`} className={styles.retry} data-testid="upload-file-details">
            {t('details.add')}
          </Link>
        </p>
      )}
      {message && (
        <p className={styles.fileMessage} data-testid="upload-file-message">
          {message}
          {/* A failed transfer keeps its checkpoint: retrying sends only the missing parts. */}
          {file.status === 'exception' && file.canUpload && !disabled && (
            <button type="button" className={styles.retry} onClick={onRetry} data-testid="upload-file-retry">
              {t('uploads.panel.retry')}
            </button>
          )}
        </p>
      )}
    </li>
  );
}
