import { ErrorCode, INT4_MAX, type ContributedMaterial } from '@mkt/contracts/web';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError, serverMessageOr } from '../../api/client';
import { uploadCalls } from '../../api/uploadCalls';
import { useSession } from '../../session/SessionProvider';
import { Notice } from '../../catalogue/Notice';
import { hasMaterialCenter } from '../../session/userRoles';
import { Button, buttonClass } from '../../ui/Button';
import { formatBytes, formatDuration } from '../../uploads/uploadFormat';
import { DetailsForm } from './DetailsForm';
import { detailsEditable, needsDetails } from './detailsMessages';
import styles from './MaterialCenter.module.css';
import { StatusLine } from './MaterialCenterPage';

const splitTags = (text: string) => text.split(/[,，\s]+/).map((tag) => tag.trim()).filter(Boolean);

/** /WorkDetail?id=: one of the contributor's files, its probe metadata, preview and review state. */
export default function WorkDetailPage() {
  const { t, i18n } = useTranslation();
  const { user, status } = useSession();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const named = Number.isInteger(id) && id > 0 && id <= INT4_MAX;
  const [material, setMaterial] = useState<ContributedMaterial | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [editing, setEditing] = useState(params.get('edit') === '1');
  const [givingDetails, setGivingDetails] = useState(params.get('details') === '1');

  const [notFound, setNotFound] = useState(false);
  const failed = useCallback(
    (caught: unknown) => {
      if (caught instanceof ApiError && caught.code === ErrorCode.NOT_FOUND) return setNotFound(true);
      setError(serverMessageOr(caught, t('errors.network')));
    },
    [t],
  );
  const load = useCallback(async () => {
    if (!named) return;
    try {
      setMaterial(await uploadCalls.detail(id));
    } catch (caught) {
      failed(caught);
    }
  }, [id, named, failed]);

  useEffect(() => {
    if (user) void load();
  }, [user, load, i18n.language]);

  useEffect(() => {
    if (material?.status !== 'transcoding') return;
    const timer = setInterval(() => void load(), 3000);
    return () => clearInterval(timer);
  }, [material?.status, load]);

  if (status === 'checking') return null;
  // Reached without a work of one's own to show: say why and lead to where works are listed.
  if (!user || !hasMaterialCenter(user) || !named || notFound) {
    const reason = !user || !hasMaterialCenter(user) ? 'contributorsOnly' : 'missing';
    return (
      <div className={styles.page}>
        <Notice title={t(`workDetail.${reason}`)} body={t(`workDetail.${reason}Hint`)} testId="work-missing">
          <Link to={user ? '/MaterialCenter' : '/Login'} className={buttonClass('secondary')}>
            {user ? t('materialCenter.title') : t('header.signIn')}
          </Link>
        </Notice>
      </div>
    );
  }
  if (error && !material) {
    return (
      <div className={styles.page}>
        <p className={styles.error} role="alert">
          {error}
        </p>
        <Link to="/MaterialCenter" className={styles.action}>
          ← {t('materialCenter.title')}
        </Link>
      </div>
    );
  }
  if (!material) return null;

  const canEdit = user?.gid === 2 && material.status !== 'published' && material.status !== 'transcoding';
  const submit = async (event: FormEvent<HTMLFormElement>, resubmit: boolean) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const request = {
      id: material.id,
      titleZh: String(form.get('titleZh') ?? ''),
      titleEn: String(form.get('titleEn') ?? ''),
      keywordsZh: splitTags(String(form.get('keywordsZh') ?? '')),
      keywordsEn: splitTags(String(form.get('keywordsEn') ?? '')),
      descriptionZh: String(form.get('descriptionZh') ?? ''),
      descriptionEn: String(form.get('descriptionEn') ?? ''),
    };
    try {
      setMaterial(resubmit ? await uploadCalls.resubmit(request) : await uploadCalls.update(request));
      setEditing(false);
      setNotice(resubmit ? t('workDetail.resubmitted') : t('workDetail.saved'));
    } catch (caught) {
      failed(caught);
    }
  };
  const downloadSample = async () => {
    try {
      const { url } = await uploadCalls.sample(material.id);
      window.open(url, '_blank', 'noopener');
    } catch (caught) {
      failed(caught);
    }
  };
  const facts: [string, string][] = [
    [t('workDetail.fields.id'), String(material.id)],
    [t('workDetail.fields.file'), `${material.fileName} · ${formatBytes(material.fileSize)}`],
    [t('workDetail.fields.size'), material.width && material.height ? `${material.width}×${material.height}` : '—'],
    [t('workDetail.fields.codec'), material.codec ?? '—'],
    [t('workDetail.fields.duration'), material.durationSeconds ? formatDuration(material.durationSeconds) : '—'],
    [t('workDetail.fields.fps'), material.fps ? String(material.fps) : '—'],
    [t('workDetail.fields.colorSpace'), material.colorSpace ?? '—'],
    [t('workDetail.fields.colorTransfer'), material.colorTransfer ?? '—'],
    [t('workDetail.fields.uploadedAt'), new Date(material.createdAt).toLocaleString(i18n.language, { timeZone: 'Asia/Shanghai' })],
  ];
  const title = (i18n.language === 'en' ? material.titleEn : material.titleZh) || material.fileName;

  return (
    <div className={styles.page}>
      <Link to={`/MaterialCenter?tab=${material.kind === 'video' ? 'videoWaiting' : 'photoWaiting'}&mode=1&sec=-1`} className={styles.action}>
        ← {t('materialCenter.title')}
      </Link>
      <div className={styles.detail}>
        <div className={styles.media}>
          {material.url480 ? (
            <video src={material.url480} poster={material.thumbnail ?? undefined} controls muted playsInline data-testid="work-preview" />
          ) : material.thumbnail ? (
            <img src={material.thumbnail} alt={title} data-testid="work-preview" />
          ) : (
            <div className={styles.noThumb}>{t(`materialCenter.kind.${material.kind}`)}</div>
          )}
        </div>
        <div className={styles.facts}>
          <h1 className={styles.title} data-testid="work-title">
            {title}
          </h1>
          <span className={`${styles.status} ${styles[material.status] ?? ''}`} data-testid="work-status">
            {t(`materialCenter.status.${material.status}`)}
          </span>
          <StatusLine material={material} />
          {detailsEditable(material) && (
            <span className={needsDetails(material) ? styles.reason : styles.muted} data-testid="work-details-state" data-complete={material.detailsAt !== null}>
              {needsDetails(material) ? t('details.missing') : t('details.complete')}
            </span>
          )}
          <dl className={styles.factList}>
            {facts.map(([label, value]) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          {notice && <p className={styles.notice}>{notice}</p>}
          {error && (
            <p className={styles.error} role="alert">
              {error}
            </p>
          )}
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => void downloadSample()} data-testid="work-sample">
              {t('workDetail.sample')}
            </Button>
            {detailsEditable(material) && !givingDetails && (
              <Button onClick={() => setGivingDetails(true)} data-testid="work-details">
                {material.detailsAt ? t('details.edit') : t('details.add')}
              </Button>
            )}
            {(canEdit || material.status === 'rejected') && !editing && (
              <Button onClick={() => setEditing(true)} data-testid="work-edit">
                {material.status === 'rejected' ? t('workDetail.resubmit') : t('materialCenter.edit')}
              </Button>
            )}
          </div>
        </div>
      </div>
      {givingDetails && detailsEditable(material) && (
        <DetailsForm
          material={material}
          onCancel={() => setGivingDetails(false)}
          onSaved={(saved) => {
            setMaterial(saved);
            setGivingDetails(false);
            setNotice(t('details.saved'));
          }}
        />
      )}
      {editing && (
        <form className={styles.form} onSubmit={(event) => void submit(event, material.status === 'rejected')} data-testid="work-form">
          {(['titleZh', 'titleEn'] as const).map((name) => (
            <label key={name}>
              {t(`workDetail.fields.${name}`)}
              <input name={name} defaultValue={material[name]} maxLength={100} />
            </label>
          ))}
          {(['keywordsZh', 'keywordsEn'] as const).map((name) => (
            <label key={name}>
              {t(`workDetail.fields.${name}`)}
              <input name={name} defaultValue={material[name].join(', ')} />
            </label>
          ))}
          {(['descriptionZh', 'descriptionEn'] as const).map((name) => (
            <label key={name}>
              {t(`workDetail.fields.${name}`)}
              <textarea name={name} defaultValue={material[name]} maxLength={1000} rows={3} />
            </label>
          ))}
          <div className={styles.dialogActions}>
            <Button variant="secondary" onClick={() => setEditing(false)}>
              {t('uploads.panel.cancel')}
            </Button>
            <Button type="submit" data-testid="work-save">
              {material.status === 'rejected' ? t('workDetail.resubmit') : t('workDetail.save')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
