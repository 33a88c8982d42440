import {
  ADMIN_API_PREFIX,
  ErrorCode,
  type StaffLoginRequest,
  type StaffLoginResponse,
  type StaffRole,
  type StaffView,
} from '@mkt/contracts';
import type { AuthProvider, UserIdentity } from 'react-admin';
import { isAllowed } from './access';
import { ApiError, HTTP_ERROR_MESSAGE, type HttpClient } from './http';
import type { Session } from './session';

/** Codes that end the session whatever the HTTP status (the product's historical 1001 and 3). */
const LOGOUT_CODES: ReadonlySet<number> = new Set<number>([
  ErrorCode.TOKEN_INVALID,
  ErrorCode.ACCOUNT_DISABLED,
  ErrorCode.LOGIN_REQUIRED,
]);

/** True when an API error means the token is no good: the console must sign the staff member out. */
export function mustLogOut(error: unknown): boolean {
  if (!(error instanceof Object)) return false;
  const { status, body } = error as { status?: unknown; body?: { code?: unknown } | null };
  if (status === 401) return true;
  return typeof body?.code === 'number' && LOGOUT_CODES.has(body.code);
}

function messageOf(error: unknown, fallback: string): string {
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message && message !== HTTP_ERROR_MESSAGE ? message : fallback;
}

export interface StaffIdentity extends UserIdentity {
  id: string;
  fullName: string;
  username: string;
  roles: StaffRole[];
}

export function identityOf(staff: StaffView): StaffIdentity {
  return { id: staff.id, fullName: staff.displayName, username: staff.username, roles: staff.roles };
}

export interface AuthProviderDeps {
  http: HttpClient;
  session: Session;
  apiUrl?: string;
}

/**
 * Staff sign-in against /admin-api/auth. The token lives in localStorage (`admin_token`); the
 * profile from the login answer (or /auth/me) gives the name and roles the menus need.
 */
export function createAuthProvider({ http, session, apiUrl = ADMIN_API_PREFIX }: AuthProviderDeps): AuthProvider {
  /** Whether /auth/me has confirmed the stored token since the page was loaded. */
  let verified = false;
  let pendingMe: Promise<StaffView> | null = null;

  const fetchMe = (): Promise<StaffView> => {
    pendingMe ??= http(`${apiUrl}/auth/me`)
      .then(({ json }) => {
        const staff = json as StaffView;
        session.setStaff(staff);
        verified = true;
        return staff;
      })
      .finally(() => {
        pendingMe = null;
      });
    return pendingMe;
  };

  const currentStaff = async (): Promise<StaffView | null> => {
    if (!session.getToken()) return null;
    return session.getStaff() ?? (await fetchMe());
  };

  const getPermissions = async (): Promise<StaffRole[]> => (await currentStaff())?.roles ?? [];

  return {
    async login(params: StaffLoginRequest) {
      const { json } = await http(`${apiUrl}/auth/login`, {
        method: 'POST',
        body: JSON.stringify({ username: params.username, password: params.password }),
      });
      const { token, staff } = json as StaffLoginResponse;
      session.save(token, staff);
      verified = true;
    },

    async logout() {
      const hadToken = !!session.getToken();
      // Ask the server to revoke the token; signing out locally never waits on its answer.
      const revoke = hadToken ? http(`${apiUrl}/auth/logout`, { method: 'POST' }).catch(() => undefined) : null;
      session.clear();
      verified = false;
      await revoke;
    },

    async checkAuth() {
      // No token at all: straight to the login page, without an error toast.
      if (!session.getToken()) throw { message: false };
      if (verified) return;
      try {
        await fetchMe();
      } catch (error) {
        if (mustLogOut(error)) {
          session.clear();
          throw { message: messageOf(error, 'ra.auth.auth_check_error') };
        }
        // The server is unreachable or failing: keep the session, the pages will show the error.
      }
    },

    async checkError(error: unknown) {
      if (mustLogOut(error)) {
        throw { message: messageOf(error, 'ra.notification.logged_out'), logoutUser: true };
      }
      // 403 and every other error: stay signed in, the page shows the server's message.
    },

    async getIdentity(): Promise<StaffIdentity> {
      const staff = await currentStaff();
      if (!staff) throw new ApiError('ra.auth.auth_check_error', 401);
      return identityOf(staff);
    },

    getPermissions,

    async canAccess({ resource, action }) {
      return isAllowed(await getPermissions(), resource, action);
    },
  };
}
