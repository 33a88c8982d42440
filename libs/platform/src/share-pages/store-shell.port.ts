/**
 * The store's shell: the built store's index.html, which every store page starts from. Shared
 * pages (ADR 0029) answer it with their own head tags; where it is read from depends on how the
 * product runs (the file beside the code, or the web container's copy over HTTP).
 */
export interface StoreShell {
  /** The current index.html, or null when there is none to be had (not built, unreachable). */
  html(): Promise<string | null>;
}

export const STORE_SHELL = Symbol('STORE_SHELL');
