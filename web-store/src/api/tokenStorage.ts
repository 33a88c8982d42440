/**
 * The access token in localStorage (spec section 3: the token is kept in local storage), with the
 * time it was issued so the session can refresh tokens older than a day. Listeners let the
 * session drop the user whenever any code path clears the token.
 */
export const TOKEN_STORAGE_KEY = 'token';
export const TOKEN_ISSUED_AT_STORAGE_KEY = 'tokenIssuedAt';

type Listener = (token: string | null) => void;
const listeners = new Set<Listener>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function notify(token: string | null): void {
  for (const listener of listeners) listener(token);
}

export const tokenStorage = {
  get(): string | null {
    return read(TOKEN_STORAGE_KEY) || null;
  },

  /** Milliseconds since the epoch, or null when unknown (tokens stored by older versions). */
  issuedAt(): number | null {
    const raw = Number(read(TOKEN_ISSUED_AT_STORAGE_KEY));
    return Number.isFinite(raw) && raw > 0 ? raw : null;
  },

  set(token: string, issuedAt: number = Date.now()): void {
    try {
      localStorage.setItem(TOKEN_STORAGE_KEY, token);
      localStorage.setItem(TOKEN_ISSUED_AT_STORAGE_KEY, String(issuedAt));
    } catch {
      // Storage refused (private mode): the session lasts for this page only.
    }
    notify(token);
  },

  clear(): void {
    try {
      localStorage.removeItem(TOKEN_STORAGE_KEY);
      localStorage.removeItem(TOKEN_ISSUED_AT_STORAGE_KEY);
    } catch {
      // Nothing stored, nothing to clear.
    }
    notify(null);
  },

  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export const TOKEN_REFRESH_AGE_MS = 24 * 60 * 60 * 1000;

/** Tokens older than a day, or of unknown age, are exchanged for a fresh one on load. */
export function tokenNeedsRefresh(issuedAt: number | null, now: number): boolean {
  return issuedAt === null || now - issuedAt > TOKEN_REFRESH_AGE_MS;
}
