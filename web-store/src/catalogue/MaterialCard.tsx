import type { MaterialCard as Card } from '@mkt/contracts/web';
import { type PointerEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAddToCart } from '../orders/useAddToCart';
import { CartIcon, CopyIcon, DownloadIcon, HeartIcon, LinkIcon, SimilarIcon } from '../ui/icons';
import styles from './MaterialCard.module.css';
import { type DetailMdp, detailPath, formatDuration, previewPlaybackRate, resolutionBadge, stripFrameAt, stripFrameCount } from './materialFormat';
import { useMaterialActions } from './useMaterialActions';

interface MaterialCardProps {
  card: Card;
  mdp?: DetailMdp;
  /** Set where several cards can be picked at once (a search page's "select"): a check box on the picture. */
  selection?: { selected: boolean; toggle(): void };
}

/**
 * The one video and photo card (spec section 2 "Cards"): 16:9 thumbnail, badges, a fast-forward
 * hover preview for videos, "more like this" on hover, and favourite, sample, copy-number and
 * copy-link actions.
 */
export function MaterialCard({ card, mdp = 6, selection }: MaterialCardProps) {
  const { t } = useTranslation();
  const actions = useMaterialActions(card);
  const cart = useAddToCart(card.id);
  const to = detailPath(card, mdp);
  const isVideo = card.kind === 'video';
  const badge = resolutionBadge(card);
  const favourited = actions.bookmarkId !== null;

  return (
    <article className={[styles.card, selection && styles.selecting, selection?.selected && styles.picked].filter(Boolean).join(' ')} data-testid="material-card" data-id={card.id}>
      {selection ? (
        <label className={styles.pick}>
          <input type="checkbox" checked={selection.selected} onChange={selection.toggle} aria-label={t('card.select', { title: card.title })} data-testid="card-select" />
        </label>
      ) : null}
      <Link to={to} className={styles.media} aria-label={card.title}>
        {isVideo ? <VideoPreview card={card} /> : <img className={styles.thumb} src={card.thumbnail} alt="" loading="lazy" decoding="async" />}
        <span className={styles.badges}>
          {card.from === 'external' && <span className={`${styles.badge} ${styles.source}`}>{t('card.external')}</span>}
          {card.hdrFlag && <span className={styles.badge}>HDR</span>}
          {badge && <span className={styles.badge}>{badge}</span>}
          {card.groupFlag && <span className={styles.badge}>{t('card.group')}</span>}
        </span>
        {isVideo && card.duration !== null && <span className={styles.duration}>{formatDuration(card.duration)}</span>}
      </Link>
      {/* The detail page's similar materials, where the buyer steers them: on hover or focus where a
          pointer hovers, always (as an icon) on touch screens. */}
      {(card.kind === 'video' || card.kind === 'photo') && (
        <Link to={`${to}#more-like-this`} className={styles.similar} aria-label={t('card.moreLikeThis')} data-testid="card-more-like-this">
          <SimilarIcon size={15} />
          <span className={styles.similarLabel}>{t('card.moreLikeThis')}</span>
        </Link>
      )}
      <div className={styles.body}>
        <Link to={to} className={styles.title} title={card.title}>
          {card.title}
        </Link>
        <div className={styles.row}>
          <span className={styles.code}>{card.code}</span>
          <span className={styles.actions}>
            <ActionButton
              label={favourited ? t('card.unfavourite') : t('card.favourite')}
              onClick={actions.toggleFavourite}
              active={favourited}
              disabled={actions.busy}
              testId="card-favourite"
            >
              <HeartIcon size={17} />
            </ActionButton>
            {(card.kind === 'video' || card.kind === 'photo') && (
              <ActionButton label={t('orders.addToCart')} onClick={cart.add} disabled={cart.busy} testId="card-add-to-cart">
                <CartIcon size={16} />
              </ActionButton>
            )}
            <ActionButton label={t('card.sample')} onClick={actions.downloadSample} testId="card-sample">
              <DownloadIcon size={17} />
            </ActionButton>
            <ActionButton label={t('card.copyNumber')} onClick={actions.copyNumber} testId="card-copy-number">
              <CopyIcon size={16} />
            </ActionButton>
            <ActionButton label={t('card.copyLink')} onClick={actions.copyLink} testId="card-copy-link">
              <LinkIcon size={16} />
            </ActionButton>
          </span>
        </div>
      </div>
    </article>
  );
}

interface ActionButtonProps {
  label: string;
  onClick(): void;
  children: ReactNode;
  testId: string;
  active?: boolean;
  disabled?: boolean;
}

function ActionButton({ label, onClick, children, testId, active = false, disabled = false }: ActionButtonProps) {
  return (
    <button
      type="button"
      className={active ? `${styles.action} ${styles.active}` : styles.action}
      aria-label={label}
      aria-pressed={testId === 'card-favourite' ? active : undefined}
      title={label}
      onClick={onClick}
      disabled={disabled}
      data-testid={testId}
    >
      {children}
    </button>
  );
}

/**
 * Hover (mouse only: a tap on a touch screen simply opens the detail page) plays the 480p preview
 * muted in place, fast-forwarded; the preview strip scrubs with the pointer until it plays.
 */
function VideoPreview({ card }: { card: Card }) {
  const [hovering, setHovering] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [frame, setFrame] = useState(0);
  const [frames, setFrames] = useState(1);
  const videoRef = useRef<HTMLVideoElement>(null);
  const pointerFraction = useRef(0);

  useEffect(() => {
    if (!hovering || !card.previewStrip) return;
    const image = new Image();
    image.onload = () => {
      const count = stripFrameCount(image.naturalWidth, image.naturalHeight);
      setFrames(count);
      setFrame(stripFrameAt(pointerFraction.current, count));
    };
    image.src = card.previewStrip;
  }, [hovering, card.previewStrip]);

  useEffect(() => {
    const video = videoRef.current;
    if (!hovering || !video) return;
    video.playbackRate = previewPlaybackRate(card.duration);
    video.play().catch(() => undefined);
  }, [hovering, card.duration]);

  const enter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    setHovering(true);
  };
  const leave = () => {
    setHovering(false);
    setPlaying(false);
  };
  const move = (event: PointerEvent<HTMLDivElement>) => {
    if (event.pointerType !== 'mouse') return;
    const box = event.currentTarget.getBoundingClientRect();
    pointerFraction.current = box.width > 0 ? (event.clientX - box.left) / box.width : 0;
    setFrame(stripFrameAt(pointerFraction.current, frames));
  };

  return (
    <div className={styles.preview} onPointerEnter={enter} onPointerLeave={leave} onPointerMove={move}>
      <img className={styles.thumb} src={card.thumbnail} alt="" loading="lazy" decoding="async" />
      {hovering && card.previewStrip && !playing && (
        <span
          className={styles.strip}
          style={{
            backgroundImage: `url("${card.previewStrip}")`,
            backgroundSize: `${frames * 100}% 100%`,
            backgroundPosition: frames > 1 ? `${(frame / (frames - 1)) * 100}% 0` : '0 0',
          }}
          aria-hidden="true"
        />
      )}
      {hovering && card.url480 && (
        <video
          ref={videoRef}
          className={playing ? `${styles.video} ${styles.videoOn}` : styles.video}
          src={card.url480}
          muted
          playsInline
          loop
          preload="auto"
          onPlaying={(event) => {
            event.currentTarget.playbackRate = previewPlaybackRate(card.duration);
            setPlaying(true);
          }}
          onLoadedMetadata={(event) => {
            event.currentTarget.playbackRate = previewPlaybackRate(card.duration);
          }}
          data-testid="card-preview"
          data-rate={previewPlaybackRate(card.duration)}
        />
      )}
      {hovering && !playing && card.url480 && <span className={styles.loadingBar} aria-hidden="true" />}
    </div>
  );
}
