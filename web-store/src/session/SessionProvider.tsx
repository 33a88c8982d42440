import { ErrorCode, type LoginResponse, type ProjectData, type SkuItem, type UserView } from '@mkt/contracts/web';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { ApiError } from '../api/client';
import { identityCalls } from '../api/identityCalls';
import { projectCalls } from '../api/projectCalls';
import { TOKEN_STORAGE_KEY, tokenNeedsRefresh, tokenStorage } from '../api/tokenStorage';
import { hasProject, loadsSkuList } from './userRoles';

export type SessionStatus = 'checking' | 'signedIn' | 'signedOut';

export interface Session {
  status: SessionStatus;
  user: UserView | null;
  token: string | null;
  /** Loaded after sign-in for active enterprise customers; null otherwise. */
  skuList: SkuItem[] | null;
  /** The enterprise project of customers who have one (spec section 3 "Project data"); null otherwise. */
  project: ProjectData | null;
  /** True until the first answer about the signed-in customer's project arrives. */
  projectLoading: boolean;
  /** Reads the project data again (after a download under the project changed its counts). */
  reloadProject(): void;
  /** Stores the token of a successful login and signs the user in. */
  signIn(response: LoginResponse): void;
  /** Tells the server, then forgets the token whatever the server answered. */
  logOff(): Promise<void>;
  /** Shows the user as the server now describes them (after a change in the user centre). */
  updateUser(user: UserView): void;
  /** Exchanges the current token for a fresh one. */
  refresh(): Promise<void>;
  /** Unread notifications, as the session check counted them (up to 100), then as the centre says. */
  unreadNotifications: number;
  setUnreadNotifications(count: number): void;
}

const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession must be used inside <SessionProvider>');
  return session;
}

async function refreshToken(): Promise<void> {
  const { token } = await identityCalls.refresh();
  if (token) tokenStorage.set(token);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [token, setToken] = useState(() => tokenStorage.get());
  const [user, setUser] = useState<UserView | null>(null);
  const [status, setStatus] = useState<SessionStatus>(() => (tokenStorage.get() ? 'checking' : 'signedOut'));
  const [skuList, setSkuList] = useState<SkuItem[] | null>(null);
  const [unreadNotifications, setUnreadNotifications] = useState(0);
  // Keyed by user and project, so a stale answer never shows as another account's project.
  const [projectState, setProjectState] = useState<{ key: string | null; data: ProjectData | null }>({ key: null, data: null });
  const [projectReads, setProjectReads] = useState(0);

  // Whoever clears the token (the API client on 1001/3, log off, another tab) ends the session here.
  useEffect(() => {
    const unsubscribe = tokenStorage.subscribe((next) => {
      setToken(next);
      if (next === null) {
        setUser(null);
        setSkuList(null);
        setStatus('signedOut');
      }
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_STORAGE_KEY && !event.newValue) tokenStorage.clear();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      unsubscribe();
      window.removeEventListener('storage', onStorage);
    };
  }, []);

  // Session check on load (spec section 4): verity false or 1001 clears the token, no redirect.
  useEffect(() => {
    if (!tokenStorage.get()) return;
    const controller = new AbortController();
    identityCalls
      .session({ signal: controller.signal })
      .then((checked) => {
        if (!checked || checked.verity === false) {
          tokenStorage.clear();
          return;
        }
        setUser(checked);
        setUnreadNotifications(checked.unreadNotifications ?? 0);
        setStatus('signedIn');
        if (tokenNeedsRefresh(tokenStorage.issuedAt(), Date.now())) refreshToken().catch(() => undefined);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiError && error.code === ErrorCode.TOKEN_INVALID) {
          tokenStorage.clear();
          return;
        }
        // Server unreachable: keep the token for the next visit, browse as a visitor for now.
        setStatus('signedOut');
      });
    return () => controller.abort();
  }, []);

  const customerKey = user && loadsSkuList(user) ? user.id : null;
  useEffect(() => {
    if (!customerKey) {
      setSkuList(null);
      return;
    }
    let current = true;
    identityCalls
      .skuList()
      .then((list) => current && setSkuList(list))
      .catch(() => current && setSkuList(null));
    return () => {
      current = false;
    };
  }, [customerKey]);

  const projectKey = user && hasProject(user) ? `${user.id}:${user.projectId}` : null;
  useEffect(() => {
    if (!projectKey) return;
    const controller = new AbortController();
    projectCalls
      .info({ signal: controller.signal })
      .then((data) => setProjectState({ key: projectKey, data }))
      .catch(() => !controller.signal.aborted && setProjectState({ key: projectKey, data: null }));
    return () => controller.abort();
  }, [projectKey, projectReads]);
  const reloadProject = useCallback(() => setProjectReads((n) => n + 1), []);
  const project = projectKey !== null && projectState.key === projectKey ? projectState.data : null;
  const projectLoading = projectKey !== null && projectState.key !== projectKey;

  const signIn = useCallback((response: LoginResponse) => {
    tokenStorage.set(response.token);
    setUser(response.user);
    setStatus('signedIn');
  }, []);

  const logOff = useCallback(async () => {
    try {
      await identityCalls.logoff();
    } catch {
      // The token is dropped locally either way.
    }
    tokenStorage.clear();
  }, []);

  const updateUser = useCallback((next: UserView) => setUser((current) => (current && current.id === next.id ? next : current)), []);

  const value = useMemo<Session>(
    () => ({ status, user, token, skuList, project, projectLoading, reloadProject, signIn, logOff, updateUser, refresh: refreshToken, unreadNotifications, setUnreadNotifications }),
    [status, user, token, skuList, project, projectLoading, reloadProject, signIn, logOff, updateUser, unreadNotifications],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
