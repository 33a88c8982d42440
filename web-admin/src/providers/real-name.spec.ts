import { createDataProvider } from './dataProvider';
import { ApiError, createHttpClient, type FetchLike } from './http';

const ID = '5f0c9c1e-8d1a-4c55-9c1e-2b7a0f3e4d21';

function setup(routes: Record<string, { status: number; body: unknown }>) {
  const calls: { url: string; method: string; headers: Headers; body: unknown }[] = [];
  const fetch: FetchLike = async (url, init = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, headers: new Headers(init.headers), body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    const route = routes[`${method} ${url}`];
    if (!route) return new Response('not found', { status: 404 });
    return new Response(JSON.stringify(route.body), { status: route.status, headers: { 'Content-Type': 'application/json' } });
  };
  const http = createHttpClient({ fetch, getToken: () => 't-fin', getLanguage: () => 'zh-CN' });
  return { calls, provider: createDataProvider(http) };
}

describe('real-name data provider methods', () => {
  it('verifies with the staff token and no body', async () => {
    const { calls, provider } = setup({ [`POST /admin-api/real-name-reviews/${ID}/verify`]: { status: 200, body: { id: ID, status: 'verified' } } });
    await expect(provider.verifyRealName(ID)).resolves.toEqual({ id: ID, status: 'verified' });
    expect(calls[0]?.body).toBeUndefined();
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer t-fin');
  });

  it('rejects with the trimmed reason', async () => {
    const { calls, provider } = setup({ [`POST /admin-api/real-name-reviews/${ID}/reject`]: { status: 200, body: { id: ID, status: 'rejected' } } });
    await provider.rejectRealName(ID, '  照片模糊 ');
    expect(calls[0]?.body).toEqual({ reason: '照片模糊' });
  });

  it('passes the server refusal on with its localized message', async () => {
    const refusal = { code: 2502, success: false, message: '实名认证当前状态为“verified”，不能verified', data: null };
    const { provider } = setup({ [`POST /admin-api/real-name-reviews/${ID}/verify`]: { status: 409, body: refusal } });
    const error = await provider.verifyRealName(ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 2502, message: refusal.message });
  });
});
