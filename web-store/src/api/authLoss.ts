import { ErrorCode, StoreCalls } from '@mkt/contracts/web';
import { LOGIN_PATH } from '../routes/routeTable';

/**
 * Spec section 8: code 1001 (except on the session check) or code 3 ends the session and sends
 * the user to the login page. The session check handles its own 1001 without a redirect.
 */
export function endsSession(path: string, code: number): boolean {
  if (code === ErrorCode.ACCOUNT_DISABLED) return true;
  return code === ErrorCode.TOKEN_INVALID && path !== StoreCalls.session;
}

/** The login URL that brings the user back to `current` (path + query) after signing in. */
export function loginUrlReturningTo(current: string): string {
  if (!current || current === '/' || current.startsWith(LOGIN_PATH)) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(current)}`;
}

/**
 * Where to go after signing in. Only same-site paths are followed, so a crafted login link
 * cannot send the user to another site.
 */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return '/';
  if (raw.startsWith(LOGIN_PATH)) return '/';
  return raw;
}
