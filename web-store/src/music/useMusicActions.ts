import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueCalls } from '../api/catalogueCalls';
import { serverMessageOr } from '../api/client';
import { musicCalls } from '../api/musicCalls';
import { usePreferenceCounts } from '../session/PreferenceCountsProvider';
import { useSession } from '../session/SessionProvider';
import { useLoginGate } from '../session/useLoginGate';
import { useToast } from '../ui/toast/ToastProvider';

/** /material/click for music: bizType 100; 21 favourite, 22 unfavourite, 23 sample, 27 open buy. */
function track(ruleId: number, musicId: number, title: string): void {
  catalogueCalls.click({ bizType: 100, ruleId, targetId: musicId, title, referer: window.location.href, navigator: navigator.userAgent });
}

export interface MusicActions {
  bookmarkId: number | null;
  toggleFavourite(): Promise<void>;
  downloadSample(): Promise<void>;
  /** True when the buy drawer may open (spec: it needs a token). */
  openBuy(): boolean;
}

/**
 * Favourite (needs a gid), sample download and the buy drawer (need a token) of one track, with
 * the spec's login messages. `knownBookmarkId` comes from lists; without it the detail call tells.
 */
export function useMusicActions(musicId: number | null, knownBookmarkId?: number | null, title = ''): MusicActions {
  const { t } = useTranslation();
  const toast = useToast();
  const gate = useLoginGate();
  const { token } = useSession();
  const { reload: reloadCounts } = usePreferenceCounts();
  const [bookmarkId, setBookmarkId] = useState<number | null>(knownBookmarkId ?? null);
  const busy = useRef(false);

  useEffect(() => {
    if (knownBookmarkId !== undefined) {
      setBookmarkId(knownBookmarkId);
      return;
    }
    setBookmarkId(null);
    if (musicId === null || !token) return;
    const controller = new AbortController();
    musicCalls
      .detail(musicId, { signal: controller.signal })
      .then((info) => setBookmarkId(info.bookmarkId))
      .catch(() => undefined);
    return () => controller.abort();
  }, [musicId, knownBookmarkId, token]);

  const fail = useCallback(
    (error: unknown) => toast.show({ message: serverMessageOr(error, t('card.actionFailed')) }),
    [t, toast],
  );

  const toggleFavourite = useCallback(async () => {
    if (musicId === null || busy.current) return;
    busy.current = true;
    try {
      if (!(await gate.requireGid())) return;
      if (bookmarkId) {
        track(22, musicId, title);
        await musicCalls.cancelCollect(bookmarkId);
        setBookmarkId(null);
        toast.show({ message: t('card.unfavourited') });
      } else {
        track(21, musicId, title);
        const result = await musicCalls.collect(musicId);
        setBookmarkId(result.bookmarkId);
        toast.show({ message: t('card.favourited') });
      }
      reloadCounts();
    } catch (error) {
      fail(error);
    } finally {
      busy.current = false;
    }
  }, [musicId, bookmarkId, gate, title, toast, t, reloadCounts, fail]);

  const downloadSample = useCallback(async () => {
    if (musicId === null || !gate.requireToken()) return;
    track(23, musicId, title);
    try {
      const { playInfo } = await musicCalls.download(musicId);
      const link = document.createElement('a');
      link.href = playInfo.fileUrl;
      link.download = playInfo.fileName ?? '';
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      toast.show({ message: t('card.sampleStarted') });
    } catch (error) {
      fail(error);
    }
  }, [musicId, gate, title, toast, t, fail]);

  const openBuy = useCallback(() => {
    if (musicId === null || !gate.requireToken()) return false;
    track(27, musicId, title);
    return true;
  }, [musicId, gate, title]);

  return { bookmarkId, toggleFavourite, downloadSample, openBuy };
}
