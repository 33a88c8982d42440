import type { StoreShell } from './store-shell.port.js';

/** More than any index.html the store's build writes: a bigger answer is not the shell. */
const MAX_SHELL_BYTES = 1024 * 1024;

export interface HttpStoreShellOptions {
  /** How long a copy is served before it is asked for again (a deploy shows within this). */
  freshMs?: number;
  /** After a failed try, how long the last copy (or nothing) is served before the next. */
  retryMs?: number;
  timeoutMs?: number;
  now?: () => number;
  fetch?: typeof fetch;
  /** Told of each failed try (at most one per `retryMs`). */
  onError?: (error: unknown) => void;
}

/**
 * The shell from the web container (the distributed mode: the services' images do not hold the
 * store's build, and a new store is deployed without them). Kept briefly and revalidated with its
 * ETag; once a copy is held, no request waits for the web container: a stale copy is answered
 * while the next is fetched, and kept while the web container cannot be reached.
 */
export class HttpStoreShell implements StoreShell {
  private copy: { html: string; etag: string | null } | null = null;
  private nextTryAt = 0;
  private pending: Promise<void> | null = null;
  private readonly freshMs: number;
  private readonly retryMs: number;
  private readonly timeoutMs: number;
  private readonly now: () => number;
  private readonly fetch: typeof fetch;
  private readonly onError: (error: unknown) => void;

  constructor(
    private readonly url: string,
    options: HttpStoreShellOptions = {},
  ) {
    this.freshMs = options.freshMs ?? 10_000;
    this.retryMs = options.retryMs ?? 5_000;
    this.timeoutMs = options.timeoutMs ?? 3_000;
    this.now = options.now ?? Date.now;
    this.fetch = options.fetch ?? globalThis.fetch;
    this.onError = options.onError ?? (() => undefined);
  }

  async html(): Promise<string | null> {
    if (this.now() >= this.nextTryAt) {
      this.pending ??= this.refresh().finally(() => {
        this.pending = null;
      });
      if (!this.copy) await this.pending;
    }
    return this.copy?.html ?? null;
  }

  private async refresh(): Promise<void> {
    try {
      const etag = this.copy?.etag;
      const response = await this.fetch(this.url, {
        headers: { accept: 'text/html', ...(etag ? { 'if-none-match': etag } : {}) },
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      if (response.status === 304 && this.copy) {
        await response.body?.cancel();
      } else {
        this.copy = { html: await shellText(this.url, response), etag: response.headers.get('etag') };
      }
      this.nextTryAt = this.now() + this.freshMs;
    } catch (error) {
      this.nextTryAt = this.now() + this.retryMs;
      this.onError(error);
    }
  }
}

async function shellText(url: string, response: Response): Promise<string> {
  const type = response.headers.get('content-type') ?? '';
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (response.status !== 200 || !/^text\/html\b/i.test(type) || declared > MAX_SHELL_BYTES) {
    await response.body?.cancel();
    throw new Error(`${url} answered ${response.status} ${type || 'without a type'}${declared > MAX_SHELL_BYTES ? ` of ${declared} bytes` : ''}, not the store's index.html`);
  }
  const html = await response.text();
  if (Buffer.byteLength(html) > MAX_SHELL_BYTES) throw new Error(`${url} answered more than ${MAX_SHELL_BYTES} bytes, not the store's index.html`);
  return html;
}
