import { ErrorCode, type StaffView } from '@mkt/contracts';
import { createAuthProvider, mustLogOut } from './authProvider';
import { createHttpClient, type FetchLike } from './http';
import { createSession, STAFF_KEY, TOKEN_KEY } from './session';

const admin: StaffView = {
  id: 's1',
  username: 'admin',
  displayName: '管理员甲',
  roles: ['admin'],
  disabled: false,
  createdAt: '2024-01-01T00:00:00.000Z',
};

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** A fake server: each route answers with a status and a JSON body; every request is recorded. */
function fakeFetch(routes: Record<string, { status: number; body: unknown }>) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init = {}) => {
    const method = init.method ?? 'GET';
    calls.push({
      url,
      method,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const route = routes[`${method} ${url}`];
    if (!route) return new Response('not found', { status: 404 });
    return new Response(JSON.stringify(route.body), {
      status: route.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetch, calls };
}

const failure = (code: number, message: string) => ({ code, success: false, message, data: null });

function setup(routes: Record<string, { status: number; body: unknown }>, language: 'zh-CN' | 'en' = 'zh-CN') {
  const storage = memoryStorage();
  const session = createSession(() => storage);
  const { fetch, calls } = fakeFetch(routes);
  const http = createHttpClient({ fetch, getToken: () => session.getToken(), getLanguage: () => language });
  return { storage, session, calls, http, auth: createAuthProvider({ http, session }) };
}

/** Runs an API call through the fake server and returns the error it raised. */
async function errorOf(http: ReturnType<typeof createHttpClient>, url: string, method = 'GET'): Promise<unknown> {
  try {
    await http(url, { method });
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('authProvider', () => {
  it('logs in, keeps the token and the staff profile, and sends the credentials once', async () => {
    const { auth, storage, calls } = setup({
      'POST /admin-api/auth/login': { status: 200, body: { token: 't-1', staff: admin } },
    });
    await auth.login({ username: 'admin', password: 'admin12345' });
    expect(storage.items.get(TOKEN_KEY)).toBe('t-1');
    expect(JSON.parse(storage.items.get(STAFF_KEY) ?? 'null')).toEqual(admin);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ username: 'admin', password: 'admin12345' });
    expect(calls[0]?.headers.get('Accept-Language')).toBe('zh-CN');
    await expect(auth.getIdentity?.()).resolves.toMatchObject({ id: 's1', fullName: '管理员甲' });
    await expect(auth.getPermissions?.({})).resolves.toEqual(['admin']);
  });

  it('rejects a wrong password with the server message and stores nothing', async () => {
    const { auth, storage } = setup(
      { 'POST /admin-api/auth/login': { status: 401, body: failure(2101, 'Wrong username or password') } },
      'en',
    );
    await expect(auth.login({ username: 'admin', password: 'nope' })).rejects.toMatchObject({
      message: 'Wrong username or password',
      status: 401,
    });
    expect(storage.items.size).toBe(0);
  });

  it('checkError rejects on 401 so react-admin logs out, showing the server message', async () => {
    const { auth, session, http } = setup({
      'GET /admin-api/users': { status: 401, body: failure(ErrorCode.TOKEN_INVALID, '登录已失效，请重新登录') },
    });
    session.save('stale', admin);
    const error = await errorOf(http, '/admin-api/users');
    expect(mustLogOut(error)).toBe(true);
    await expect(auth.checkError(error)).rejects.toMatchObject({ message: '登录已失效，请重新登录', logoutUser: true });
    await auth.logout({});
    expect(session.getToken()).toBeNull();
  });

  it('checkError resolves on 403 so the staff member stays signed in', async () => {
    const { auth, session, http } = setup({
      'GET /admin-api/staff': { status: 403, body: failure(ErrorCode.FORBIDDEN, '没有权限执行此操作') },
    });
    session.save('t-1', admin);
    const error = await errorOf(http, '/admin-api/staff');
    expect(error).toMatchObject({ status: 403, message: '没有权限执行此操作' });
    await expect(auth.checkError(error)).resolves.toBeUndefined();
    expect(session.getToken()).toBe('t-1');
  });

  it('checkError also logs out on a disabled account (code 3), and stays on other failures', async () => {
    const { auth, http } = setup({
      'GET /admin-api/auth/me': { status: 403, body: failure(ErrorCode.ACCOUNT_DISABLED, '账号已被停用') },
      'PUT /admin-api/users/u1': { status: 422, body: failure(ErrorCode.VALIDATION_FAILED, '请求参数有误') },
      'GET /admin-api/audit-logs': { status: 500, body: failure(ErrorCode.INTERNAL, '服务器开小差了') },
    });
    await expect(auth.checkError(await errorOf(http, '/admin-api/auth/me'))).rejects.toMatchObject({
      message: '账号已被停用',
    });
    await expect(auth.checkError(await errorOf(http, '/admin-api/users/u1', 'PUT'))).resolves.toBeUndefined();
    await expect(auth.checkError(await errorOf(http, '/admin-api/audit-logs'))).resolves.toBeUndefined();
    await expect(auth.checkError(new Error('offline'))).resolves.toBeUndefined();
  });

  it('checkAuth verifies a stored token once with /auth/me and refreshes the roles', async () => {
    const { auth, session, calls } = setup({
      'GET /admin-api/auth/me': { status: 200, body: { ...admin, roles: ['sales'] } },
    });
    session.save('t-1', admin);
    await auth.checkAuth({});
    await auth.checkAuth({});
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual(['GET /admin-api/auth/me']);
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer t-1');
    await expect(auth.getPermissions?.({})).resolves.toEqual(['sales']);
    await expect(auth.canAccess?.({ resource: 'users', action: 'edit' })).resolves.toBe(true);
    await expect(auth.canAccess?.({ resource: 'staff', action: 'list' })).resolves.toBe(false);
  });

  it('checkAuth rejects and forgets a token that /auth/me refuses', async () => {
    const { auth, session } = setup({
      'GET /admin-api/auth/me': { status: 401, body: failure(ErrorCode.TOKEN_INVALID, 'expired') },
    });
    session.save('stale', admin);
    await expect(auth.checkAuth({})).rejects.toMatchObject({ message: 'expired' });
    expect(session.getToken()).toBeNull();
  });

  it('logout revokes the token on the server and forgets it even when that call fails', async () => {
    const { auth, session, calls } = setup({
      'POST /admin-api/auth/logout': { status: 401, body: failure(ErrorCode.TOKEN_INVALID, 'expired') },
    });
    session.save('t-1', admin);
    await expect(auth.logout({})).resolves.toBeUndefined();
    expect(calls.map((c) => `${c.method} ${c.url} ${c.headers.get('Authorization')}`)).toEqual([
      'POST /admin-api/auth/logout Bearer t-1',
    ]);
    expect(session.getToken()).toBeNull();
    expect(session.getStaff()).toBeNull();
  });

  it('checkAuth rejects quietly when there is no token', async () => {
    const { auth, calls } = setup({});
    await expect(auth.checkAuth({})).rejects.toEqual({ message: false });
    expect(calls).toHaveLength(0);
  });
});
