import { copyText } from './clipboard';

export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

export interface ShareEnvironment {
  share?: (data: ShareData) => Promise<void>;
  canShare?: (data: ShareData) => boolean;
  /** A finger rather than a mouse: phones and tablets, where the system sheet is what people expect. */
  touch: boolean;
  copy(text: string): Promise<boolean>;
}

function browserEnvironment(): ShareEnvironment {
  return {
    share: typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
    canShare: typeof navigator.canShare === 'function' ? (data) => navigator.canShare(data) : undefined,
    touch: window.matchMedia?.('(pointer: coarse)').matches ?? false,
    copy: copyText,
  };
}

/**
 * "Copy link" on a phone: the system share sheet (Web Share API) where the browser has one, so
 * the link goes straight to a chat; on a desktop, or where sharing is missing or refused, the link
 * is copied. Closing the sheet is the person's choice, not a failure.
 */
export async function shareOrCopy(link: { title: string; url: string }, environment: ShareEnvironment = browserEnvironment()): Promise<ShareOutcome> {
  const data: ShareData = { title: link.title, url: link.url };
  if (environment.touch && environment.share && (environment.canShare?.(data) ?? true)) {
    try {
      await environment.share(data);
      return 'shared';
    } catch (error) {
      if (error instanceof Error && error.name === 'AbortError') return 'cancelled';
      // NotAllowedError (no user gesture left) and the like: copying still works.
    }
  }
  return (await environment.copy(link.url)) ? 'copied' : 'failed';
}
