import type { MaterialCard, MaterialKind, TARGET_TYPES } from '@mkt/contracts/web';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueCalls } from '../api/catalogueCalls';
import { serverMessageOr } from '../api/client';
import { usePreferenceCounts } from '../session/PreferenceCountsProvider';
import { parseLanguage, withLinkLanguage } from '../i18n/language';
import { useLoginGate } from '../session/useLoginGate';
import { copyText } from '../ui/clipboard';
import { shareOrCopy } from '../ui/shareLink';
import { useToast } from '../ui/toast/ToastProvider';
import { type CardAction, cardActionPayload } from './clickPayload';
import { detailPath } from './materialFormat';

/** The contract's targetType per kind, spelled out so cards do not load the contract schemas. */
const TARGET_TYPE = { video: 0, photo: 1, music: 2, sfx: 3 } as const satisfies typeof TARGET_TYPES;
const targetTypeOf = (kind: MaterialKind) => TARGET_TYPE[kind];

export type ActionCard = Pick<MaterialCard, 'id' | 'kind' | 'from' | 'title' | 'code' | 'bookmarkId'>;

export interface MaterialActions {
  bookmarkId: number | null;
  busy: boolean;
  toggleFavourite(): Promise<void>;
  downloadSample(): Promise<void>;
  copyNumber(): Promise<void>;
  copyLink(): Promise<void>;
}

function track(card: ActionCard, action: CardAction): void {
  catalogueCalls.click(cardActionPayload(card, action, { referer: window.location.href, navigator: navigator.userAgent }));
}

/**
 * The four card actions of spec section 2, shared by cards and detail pages: favourite (gid
 * needed), sample download (token needed), copy number and copy link. Each one is tracked.
 */
export function useMaterialActions(card: ActionCard): MaterialActions {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const gate = useLoginGate();
  const { reload: reloadCounts } = usePreferenceCounts();
  const [bookmarkId, setBookmarkId] = useState<number | null>(card.bookmarkId);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  useEffect(() => setBookmarkId(card.bookmarkId), [card.id, card.bookmarkId]);

  const fail = useCallback(
    (error: unknown) => {
      toast.show({ message: serverMessageOr(error, t('card.actionFailed')) });
    },
    [t, toast],
  );

  const toggleFavourite = useCallback(async () => {
    if (busyRef.current) return;
    // Busy from the click on: requireGid may wait for the session check of a stored token.
    busyRef.current = true;
    setBusy(true);
    try {
      if (!(await gate.requireGid())) return;
      if (bookmarkId) {
        track(card, 'unfavourite');
        await catalogueCalls.cancelBookmark(bookmarkId);
        setBookmarkId(null);
        toast.show({ message: t('card.unfavourited') });
      } else {
        track(card, 'favourite');
        const { id } = await catalogueCalls.bookmark(card.id, targetTypeOf(card.kind));
        setBookmarkId(id);
        toast.show({ message: t('card.favourited') });
      }
      reloadCounts();
    } catch (error) {
      fail(error);
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }, [bookmarkId, card, gate, reloadCounts, t, toast, fail]);

  const downloadSample = useCallback(async () => {
    if (!gate.requireToken()) return;
    track(card, 'sample');
    // Open the tab while the click still counts as a user gesture, then point it at the signed URL.
    const tab = window.open('', '_blank');
    try {
      const { url } = await catalogueCalls.sample(card.id);
      if (tab) {
        tab.opener = null;
        tab.location.href = url;
      } else {
        window.location.assign(url);
      }
      toast.show({ message: t('card.sampleStarted') });
    } catch (error) {
      tab?.close();
      fail(error);
    }
  }, [card, gate, t, toast, fail]);

  const copy = useCallback(
    async (text: string, action: CardAction) => {
      track(card, action);
      toast.show({ message: (await copyText(text)) ? t('card.copied') : t('card.copyFailed') });
    },
    [card, t, toast],
  );

  return {
    bookmarkId,
    busy,
    toggleFavourite,
    downloadSample,
    copyNumber: () => copy(card.code, 'copyNumber'),
    copyLink: async () => {
      track(card, 'copyLink');
      const url = withLinkLanguage(`${window.location.origin}${detailPath(card)}`, parseLanguage(i18n.language) ?? 'zh-CN');
      const outcome = await shareOrCopy({ title: card.title, url });
      if (outcome === 'copied' || outcome === 'failed') toast.show({ message: outcome === 'copied' ? t('card.copied') : t('card.copyFailed') });
    },
  };
}
