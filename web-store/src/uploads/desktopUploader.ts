import type { DesktopUploaderResponse } from '@mkt/contracts/web';
import { useEffect, useState } from 'react';
import { uploadCalls } from '../api/uploadCalls';

export type DesktopPlatform = 'windows' | 'mac';

export interface DesktopDownload {
  platform: DesktopPlatform;
  url: string;
  version: string;
}

/** The links the deployment offers, in a fixed order; a platform without a file is left out. */
export function desktopDownloads(offer: DesktopUploaderResponse | null): DesktopDownload[] {
  if (!offer) return [];
  const links: [DesktopPlatform, string | null][] = [
    ['windows', offer.windowsUrl],
    ['mac', offer.macUrl],
  ];
  return links.flatMap(([platform, url]) => (url ? [{ platform, url, version: offer.version }] : []));
}

// One question per page load: the answer changes only with a new deployment.
let pending: Promise<DesktopUploaderResponse | null> | null = null;

function loadOffer(): Promise<DesktopUploaderResponse | null> {
  pending ??= uploadCalls.desktopUploader().catch(() => {
    pending = null;
    return null;
  });
  return pending;
}

/** The desktop uploader downloads this deployment offers; empty while loading or when none. */
export function useDesktopDownloads(): DesktopDownload[] {
  const [downloads, setDownloads] = useState<DesktopDownload[]>([]);
  useEffect(() => {
    let current = true;
    void loadOffer().then((offer) => {
      if (current) setDownloads(desktopDownloads(offer));
    });
    return () => {
      current = false;
    };
  }, []);
  return downloads;
}
