import type { MaterialDetail } from '@mkt/contracts/web';
import { type ReactNode, useEffect, useRef } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { catalogueCalls } from '../../api/catalogueCalls';
import { isRetryable, serverMessageOr } from '../../api/client';
import { Chips } from '../../catalogue/Chips';
import { setQueryImage } from '../../catalogue/imageQuery';
import { clickPayload, playRuleId } from '../../catalogue/clickPayload';
import { categoryLink, hotwordLink } from '../../catalogue/lookups';
import { MaterialGrid } from '../../catalogue/MaterialGrid';
import { formatDuration, formatUtc8Date, resolutionBadge, safeColor } from '../../catalogue/materialFormat';
import { Notice } from '../../catalogue/Notice';
import { useMaterialActions } from '../../catalogue/useMaterialActions';
import { useRemote } from '../../catalogue/useRemote';
import { prefetchStreamingLibrary, usePreviewStream } from '../../catalogue/usePreviewStream';
import { Button, buttonClass } from '../../ui/Button';
import { CameraIcon, CartIcon, CopyIcon, DownloadIcon, HeartIcon, LinkIcon } from '../../ui/icons';
import { PackDownload } from '../../orders/PackDownload';
import { ProjectDownload } from '../../orders/ProjectDownload';
import { useAddToCart } from '../../orders/useAddToCart';
import styles from './DetailPage.module.css';
import { MoreLikeThis } from './MoreLikeThis';
import { SaveToBoard } from '../Boards/SaveToBoard';

export type DetailVariant = 'video' | 'photo' | 'external';

/** /Detail and /detail (videos), /DetailPic and /detailpic (photos), /P5Detail and /pdetail (external source). */
export function DetailPage({ variant }: { variant: DetailVariant }) {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const rawId = params.get('id') ?? '';
  const id = /^\d+$/.test(rawId) ? Number(rawId) : 0;
  const mdp = params.get('mdp');
  const detail = useRemote((signal) => (id > 0 ? catalogueCalls.detail(id, { signal }) : Promise.resolve(null)), [id, i18n.language]);
  useEffect(() => {
    if (variant === 'video') prefetchStreamingLibrary();
  }, [variant]);

  // Opening a detail page counts as a play: ruleId is the mdp (6 or 7), or 10. Once per material,
  // not again when the language changes and the detail is read again.
  const loaded = detail.data;
  const tracked = useRef(0);
  useEffect(() => {
    if (!loaded || tracked.current === loaded.id) return;
    tracked.current = loaded.id;
    const context = { referer: document.referrer || window.location.href, navigator: navigator.userAgent };
    catalogueCalls.click(clickPayload(loaded, playRuleId(mdp), context));
  }, [loaded, mdp]);

  if (id <= 0 || (!detail.loading && !detail.data && !detail.error)) {
    return (
      <div className={styles.page}>
        <Notice title={t('detail.notFound')} testId="detail-missing">
          <Link to="/" className={buttonClass('secondary')}>
            {t('pages.backHome')}
          </Link>
        </Notice>
      </div>
    );
  }
  if (detail.error) {
    const message =
      serverMessageOr(detail.error, t('catalogue.loadError'));
    return (
      <div className={styles.page}>
        <Notice title={message} testId="detail-error">
          {isRetryable(detail.error) ? (
            <Button variant="secondary" onClick={detail.reload}>
              {t('catalogue.retry')}
            </Button>
          ) : (
            <Link to="/" className={buttonClass('secondary')}>
              {t('pages.backHome')}
            </Link>
          )}
        </Notice>
      </div>
    );
  }
  if (!loaded || loaded.id !== id) return <DetailSkeleton />;
  return <DetailView key={loaded.id} material={loaded} variant={variant} startAt={startSeconds(params.get('t'))} />;
}

/** The footage type in the page's language for the kinds we know; anything else as the contributor wrote it. */
function footageTypeLabel(value: string, t: TFunction): string {
  return t(`detail.footageTypes.${value.trim().toLowerCase()}`, { defaultValue: value });
}

function DetailSkeleton() {
  return (
    <div className={styles.page} aria-busy="true">
      <div className={styles.top}>
        <div className={`${styles.stage} ${styles.skeleton}`} />
        <div className={styles.side}>
          <div className={`${styles.skeletonLine} ${styles.skeleton}`} />
          <div className={`${styles.skeletonLine} ${styles.skeleton}`} style={{ width: '50%' }} />
        </div>
      </div>
    </div>
  );
}

/** `t` (seconds) opens a clip at a moment: where a searched picture was found. */
function startSeconds(raw: string | null): number | null {
  if (!raw || !/^\d{1,6}(\.\d{1,3})?$/.test(raw)) return null;
  return Number(raw);
}

function DetailView({ material, variant, startAt }: { material: MaterialDetail; variant: DetailVariant; startAt: number | null }) {
  const { t } = useTranslation();
  const actions = useMaterialActions(material);
  const cart = useAddToCart(material.id);
  const isVideo = material.kind === 'video';
  const searchType = isVideo ? 'video' : 'pic';
  const favourited = actions.bookmarkId !== null;
  const color = safeColor(material.themeColor);
  const badge = resolutionBadge(material);
  const none = t('detail.none');
  const orNone = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? none : String(value));

  const navigate = useNavigate();
  const player = useRef<HTMLVideoElement>(null);
  usePreviewStream(player, isVideo ? material.previewStream : null, isVideo ? material.url480 : null, startAt);
  // The frame on screen, as a picture to search with (the preview is served from this origin, so
  // the canvas may be read).
  const searchWithFrame = async () => {
    const video = player.current;
    if (!video || video.videoWidth === 0) return;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9));
    if (!blob) return;
    setQueryImage(new File([blob], `frame-${material.id}.jpg`, { type: 'image/jpeg' }));
    navigate('/ImageSearch');
  };

  const rows: { key: string; label: string; value: ReactNode; videoOnly?: boolean }[] = [
    { key: 'id', label: t('detail.fields.id'), value: material.id },
    { key: 'duration', label: t('detail.fields.duration'), value: orNone(formatDuration(material.duration)), videoOnly: true },
    {
      key: 'frameRate',
      label: t('detail.fields.frameRate'),
      value: material.frameRate ? t('detail.fps', { fps: material.frameRate }) : none,
      videoOnly: true,
    },
    { key: 'speed', label: t('detail.fields.speed'), value: orNone(material.speed), videoOnly: true },
    { key: 'footageType', label: t('detail.fields.footageType'), value: material.footageType ? footageTypeLabel(material.footageType, t) : none, videoOnly: true },
    { key: 'colorSpace', label: t('detail.fields.colorSpace'), value: orNone(material.colorSpace) },
    { key: 'colorTransfer', label: t('detail.fields.colorTransfer'), value: orNone(material.colorTransfer), videoOnly: true },
    { key: 'updatedAt', label: t('detail.fields.updatedAt'), value: orNone(formatUtc8Date(material.updatedAt)) },
    { key: 'onlineAt', label: t('detail.fields.onlineAt'), value: orNone(formatUtc8Date(material.onlineAt)) },
    { key: 'maxResolution', label: t('detail.fields.maxResolution'), value: orNone(material.maxResolution.toUpperCase()) },
    { key: 'salesCount', label: t('detail.fields.salesCount'), value: material.salesCount },
    { key: 'modelRelease', label: t('detail.fields.modelRelease'), value: material.modelRelease ? t('detail.yes') : t('detail.no') },
    {
      key: 'propertyRelease',
      label: t('detail.fields.propertyRelease'),
      value: material.propertyRelease ? t('detail.yes') : t('detail.no'),
    },
    { key: 'usage', label: t('detail.fields.usage'), value: material.editorialOnly ? t('detail.usageEditorial') : t('detail.usageAny') },
    {
      key: 'themeColor',
      label: t('detail.fields.themeColor'),
      value: color ? (
        <span className={styles.swatchRow}>
          <span className={styles.swatch} style={{ background: color }} aria-hidden="true" />
          {color.toUpperCase()}
        </span>
      ) : (
        none
      ),
    },
    {
      key: 'original',
      label: t('detail.fields.original'),
      value:
        isVideo && material.originalFps
          ? t('detail.original', { width: material.width, height: material.height, fps: material.originalFps })
          : t('detail.pixels', { width: material.width, height: material.height }),
    },
  ];
  if (material.categoryId && material.categoryName) {
    rows.push({
      key: 'category',
      label: t('detail.fields.category'),
      value: (
        <Link className={styles.inlineLink} to={categoryLink({ id: material.categoryId, kind: isVideo ? 'video' : 'photo' })}>
          {material.categoryName}
        </Link>
      ),
    });
  }

  return (
    <div className={styles.page}>
      <div className={styles.top}>
        <div className={styles.main}>
          <div className={isVideo ? styles.stage : `${styles.stage} ${styles.photoStage}`}>
            {isVideo && material.url480 ? (
              <video
                ref={player}
                className={styles.player}
                poster={material.thumbnail}
                controls
                playsInline
                preload="metadata"
                onLoadedMetadata={(event) => {
                  if (startAt !== null && startAt < event.currentTarget.duration) event.currentTarget.currentTime = startAt;
                }}
                data-testid="detail-player"
              />
            ) : (
              <img className={styles.image} src={material.thumbnail} alt={material.title} data-testid="detail-player" />
            )}
          </div>
          {isVideo && material.url480 && (
            <Button variant="secondary" className={styles.frameSearch} onClick={() => void searchWithFrame()} data-testid="detail-search-frame">
              <CameraIcon size={16} />
              {t('detail.searchFrame')}
            </Button>
          )}
          {material.description && <p className={styles.description}>{material.description}</p>}

          {material.keywords.length > 0 && (
            <section className={styles.keywords}>
              <h2 className={styles.sectionTitle}>{t('detail.keywords')}</h2>
              <Chips items={material.keywords.map((word) => ({ label: word, to: hotwordLink(word, searchType) }))} testId="detail-keyword" />
            </section>
          )}
        </div>

        <div className={styles.side}>
          <div className={styles.badges}>
            {(variant === 'external' || material.from === 'external') && (
              <span className={`${styles.badge} ${styles.sourceBadge}`} data-testid="detail-source">
                {t('detail.source')}
              </span>
            )}
            {material.hdrFlag && <span className={styles.badge}>HDR</span>}
            {badge && <span className={styles.badge}>{badge}</span>}
            {material.groupFlag && <span className={styles.badge}>{t('card.group')}</span>}
          </div>
          <h1 className={styles.title} data-testid="detail-title">
            {material.title}
          </h1>
          <div className={styles.codeRow}>
            <span className={styles.codeLabel}>{t('detail.number')}</span>
            <span className={styles.code} data-testid="detail-code">
              {material.code}
            </span>
            <button type="button" className={styles.codeCopy} onClick={actions.copyNumber} data-testid="detail-copy-number">
              <CopyIcon size={14} />
              {t('card.copyNumber')}
            </button>
          </div>

          <div className={styles.actions}>
            {/* On a phone this row is a bar fixed at the bottom of the screen, the preview first above it. */}
            <div className={styles.actionBar} data-testid="detail-action-bar">
              <Button size="lg" className={styles.cartButton} onClick={cart.add} disabled={cart.busy || (material.kind !== 'video' && material.kind !== 'photo')} data-testid="detail-add-to-cart">
                <CartIcon size={18} />
                {t('detail.addToCart')}
              </Button>
              <div className={styles.secondaryActions}>
                <button
                  type="button"
                  className={favourited ? `${styles.iconAction} ${styles.favOn}` : styles.iconAction}
                  onClick={actions.toggleFavourite}
                  disabled={actions.busy}
                  aria-pressed={favourited}
                  data-testid="detail-favourite"
                >
                  <HeartIcon size={18} />
                  <span>{favourited ? t('card.unfavourite') : t('card.favourite')}</span>
                </button>
                <SaveToBoard materialIds={[material.id]} className={styles.iconAction} />
                <button type="button" className={styles.iconAction} onClick={actions.downloadSample} data-testid="detail-sample">
                  <DownloadIcon size={18} />
                  <span>{t('card.sample')}</span>
                </button>
                <button type="button" className={styles.iconAction} onClick={actions.copyLink} data-testid="detail-copy-link">
                  <LinkIcon size={18} />
                  <span>{t('card.copyLink')}</span>
                </button>
              </div>
            </div>
            {(material.kind === 'video' || material.kind === 'photo') && material.from !== 'external' && variant !== 'external' && (
              <>
                <ProjectDownload materialId={material.id} kind={material.kind} />
                <PackDownload materialId={material.id} kind={material.kind} />
              </>
            )}
            {material.editorialOnly && (
              <p className={styles.editorial} role="note" data-testid="detail-editorial-only">
                {t('detail.editorialNote')}
              </p>
            )}
            <p className={styles.note}>{t('detail.licenseNote')}</p>
          </div>

          <h2 className={styles.sideTitle}>{t('detail.specTitle')}</h2>
          <dl className={styles.specs} data-testid="detail-specs">
            {rows
              .filter((row) => isVideo || !row.videoOnly)
              .map((row) => (
                <div key={row.key} className={styles.spec} data-field={row.key}>
                  <dt>{row.label}</dt>
                  <dd>{row.value}</dd>
                </div>
              ))}
          </dl>
        </div>
      </div>

      {material.kind === 'video' || material.kind === 'photo' ? (
        <MoreLikeThis materialId={material.id} bySubject={material.similar} />
      ) : (
        material.similar.length > 0 && (
          <section className={styles.section}>
            <h2 className={styles.sectionTitle}>{t('detail.similar')}</h2>
            <MaterialGrid cards={material.similar} mdp={6} />
          </section>
        )
      )}
    </div>
  );
}
