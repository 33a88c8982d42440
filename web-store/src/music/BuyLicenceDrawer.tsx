import { type MusicInfo, type MusicSkuNode, formatFen } from '@mkt/contracts/web';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { serverMessageOr } from '../api/client';
import { musicCalls } from '../api/musicCalls';
import { useRemote } from '../catalogue/useRemote';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import styles from './BuyLicenceDrawer.module.css';
import {
  CASCADE_LEVELS,
  type CascadeLevel,
  type CascadeState,
  choose,
  initialCascade,
  optionsAt,
  orderRequest,
  priceOf,
  recallForm,
  rememberForm,
  setAgreed,
  setField,
  validate,
} from './licenceCascade';
import { rememberPlacedOrder } from './placedOrders';
import { trackCover } from './trackCover';

const safeStorage = (): Storage | null => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

/**
 * The buy-licence drawer (spec section 4 "Music licence buying", section 5 "Music order form"):
 * scene, channel, period and area from the SKU tree; the price once all four are answered; the
 * licensee form (remembered locally); the agreement; then /music/order/create and the order page.
 */
export default function BuyLicenceDrawer({ musicId, onClose }: { musicId: number; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const tree = useRemote((signal) => musicCalls.skuList(undefined, { signal }), [i18n.language]);
  const music = useRemote((signal) => musicCalls.detail(musicId, { signal }), [musicId, i18n.language]);
  const [state, setState] = useState<CascadeState>(() => initialCascade(recallForm(safeStorage() ?? { getItem: () => null })));
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const nodes: MusicSkuNode[] = tree.data?.skuList ?? [];
  const price = useMemo(() => priceOf(nodes, state.answers), [nodes, state.answers]);

  useEffect(() => setError(null), [state]);

  const submit = async () => {
    const problem = validate(nodes, state);
    if (problem) {
      setError(t(problem));
      return;
    }
    const storage = safeStorage();
    if (storage) rememberForm(storage, state.form);
    setSubmitting(true);
    try {
      const request = orderRequest(nodes, state, musicId);
      const { orderId, orderNo, totalFen } = await musicCalls.createOrder(request);
      rememberPlacedOrder(orderId, {
        orderNo,
        musicName: music.data?.musicName ?? '',
        licence: state.answers.map((id, level) => optionsAt(nodes, state.answers, level as CascadeLevel).find((n) => n.id === id)?.name ?? ''),
        totalFen,
        projectName: request.projectName,
        brand: request.brand,
        companyName: request.companyName,
      });
      onClose();
      navigate(`/OrderMusic?id=${encodeURIComponent(orderId)}`);
    } catch (caught) {
      setError(t('music.order.failed', { message: serverMessageOr(caught, t('card.actionFailed')) }));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Dialog open title={t('music.order.title')} onClose={onClose} closeLabel={t('music.order.close')} width={620} testId="buy-licence">
      <MusicSummary music={music.data} />
      {tree.error ? (
        <p className={styles.error}>{serverMessageOr(tree.error, t('catalogue.loadError'))}</p>
      ) : (
        <div className={styles.questions}>
          {CASCADE_LEVELS.map((name, index) => {
            const level = index as CascadeLevel;
            const options = optionsAt(nodes, state.answers, level);
            return (
              <fieldset key={name} className={styles.question} disabled={options.length === 0} data-testid={`cascade-${name}`}>
                <legend>{t(`music.order.${name}`)}</legend>
                <div className={styles.options}>
                  {options.map((node) => (
                    <button
                      key={node.id}
                      type="button"
                      className={`${styles.option} ${state.answers[level] === node.id ? styles.selected : ''}`}
                      aria-pressed={state.answers[level] === node.id}
                      onClick={() => setState((s) => choose(s, level, node.id))}
                    >
                      {node.name}
                    </button>
                  ))}
                  {options.length === 0 && <span className={styles.hint}>{t('music.order.answerPrevious')}</span>}
                </div>
              </fieldset>
            );
          })}
        </div>
      )}
      <div className={styles.price} data-testid="cascade-price">
        {price ? (
          <>
            {t('music.order.price')} <strong>{formatFen(price.priceFen)}</strong>
          </>
        ) : (
          <span className={styles.hint}>{t('music.order.priceHint')}</span>
        )}
      </div>
      <div className={styles.form}>
        {(['projectName', 'brand', 'companyName'] as const).map((field) => (
          <label key={field} className={styles.field}>
            <span>{t(`music.order.${field}`)}</span>
            <input
              value={state.form[field]}
              maxLength={100}
              onChange={(event) => {
                const value = event.target.value;
                setState((s) => setField(s, field, value));
              }}
              name={field}
            />
          </label>
        ))}
      </div>
      <label className={styles.agree}>
        <input type="checkbox" checked={state.agreed} onChange={(event) => { const checked = event.target.checked; setState((s) => setAgreed(s, checked)); }} name="agreed" />
        <span>{t('music.order.agreement')}</span>
      </label>
      {error && (
        <p className={styles.error} role="alert" data-testid="cascade-error">
          {error}
        </p>
      )}
      <div className={styles.footer}>
        <Button variant="secondary" onClick={onClose}>
          {t('music.order.cancel')}
        </Button>
        <Button onClick={() => void submit()} disabled={submitting} data-testid="cascade-submit">
          {t('music.order.submit')}
        </Button>
      </div>
    </Dialog>
  );
}

function MusicSummary({ music }: { music: MusicInfo | null }) {
  if (!music) return <div className={styles.summary} />;
  return (
    <div className={styles.summary}>
      <img src={trackCover(music)} alt="" />
      <div>
        <strong>{music.musicName}</strong>
        <span>
          {music.composerText} · {music.durationText}
        </span>
      </div>
    </div>
  );
}
