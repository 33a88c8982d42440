/**
 * Spec section 8: loading a script chunk times out after 120 seconds with a ChunkLoadError, and a
 * stylesheet chunk that fails gives a CSS load error. The error boundary tells them apart from
 * bugs, because the cure (reload the page, usually after a deploy or a network hiccup) differs.
 */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';

  constructor(
    readonly chunk: string,
    readonly reason: 'timeout' | 'failed',
    options?: { cause?: unknown },
  ) {
    super(reason === 'timeout' ? `Loading chunk ${chunk} timed out` : `Loading chunk ${chunk} failed`, options);
  }
}

export class CssLoadError extends Error {
  override readonly name = 'CssLoadError';

  constructor(
    readonly chunk: string,
    options?: { cause?: unknown },
  ) {
    super(`Loading CSS chunk ${chunk} failed`, options);
  }
}

export type LoadErrorKind = 'chunk' | 'css' | 'other';

export function loadErrorKind(error: unknown): LoadErrorKind {
  if (error instanceof CssLoadError) return 'css';
  if (error instanceof ChunkLoadError) return 'chunk';
  return 'other';
}

/** Vite's preloader reports a failed stylesheet as "Unable to preload CSS for …". */
function isCssFailure(error: unknown): boolean {
  return error instanceof Error && /preload CSS|CSS chunk/i.test(error.message);
}

export function toLoadError(error: unknown, chunk: string): ChunkLoadError | CssLoadError {
  if (error instanceof ChunkLoadError || error instanceof CssLoadError) return error;
  if (isCssFailure(error)) return new CssLoadError(chunk, { cause: error });
  return new ChunkLoadError(chunk, 'failed', { cause: error });
}

/** Runs a dynamic import, turning a hang into a ChunkLoadError after `timeoutMs`. */
export function loadChunk<T>(load: () => Promise<T>, chunk: string, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(chunk, 'timeout')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toLoadError(error, chunk));
      },
    );
  });
}
