import { ACCESS_TOKEN_HEADER, ErrorCode, StoreCalls } from '@mkt/contracts/web';
import { ApiError, NO_RESPONSE, configureApiClient, get, isRetryable, post, postForFile, postForm } from './client';
import { tokenStorage, tokenNeedsRefresh, TOKEN_REFRESH_AGE_MS } from './tokenStorage';

/** A Map-backed localStorage and a recording fetch: enough of the browser for the client. */
class MemoryStorage {
  private readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

interface Sent {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: unknown;
}

let sent: Sent[] = [];
let answer: () => Response;
let sessionEnded = 0;

function envelope(code: number, data: unknown = null, message = '') {
  return new Response(JSON.stringify({ code, success: code === 0, message, data }), {
    headers: { 'Content-Type': 'application/json' },
  });
}

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  sent = [];
  sessionEnded = 0;
  answer = () => envelope(0, { ok: true });
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    sent.push({
      url,
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      body: init.body === undefined || init.body instanceof FormData ? init.body : JSON.parse(String(init.body)),
    });
    return answer();
  }) as typeof fetch;
  configureApiClient({ language: () => 'en', onSessionEnded: () => (sessionEnded += 1) });
});

describe('API client', () => {
  it('answers a file call with the file, and throws the envelope of a refusal as any call does', async () => {
    tokenStorage.set('tok-2');
    answer = () => new Response('\uFEFFa,b\r\n', { headers: { 'Content-Type': 'text/csv; charset=utf-8' } });
    const file = await postForFile('/project/licences/csv', { q: 'x' });
    // The bytes as sent, byte-order mark included (spreadsheet programs read UTF-8 by it).
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([...new TextEncoder().encode('\uFEFFa,b\r\n')]);
    expect(sent[0]?.headers[ACCESS_TOKEN_HEADER]).toBe('tok-2');
    expect(sent[0]?.body).toEqual({ q: 'x' });
    answer = () => new Response(JSON.stringify({ code: ErrorCode.FORBIDDEN, success: false, message: 'No access', data: null }), { status: 403, headers: { 'Content-Type': 'application/json' } });
    await expect(postForFile('/project/licences/csv')).rejects.toMatchObject({ code: ErrorCode.FORBIDDEN, message: 'No access' });
    answer = () => new Response('<html>gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } });
    await expect(postForFile('/project/licences/csv')).rejects.toMatchObject({ code: NO_RESPONSE });
  });

  it('posts JSON under /api with the token and the UI language', async () => {
    tokenStorage.set('tok-1');
    await expect(post('/home/preference', { a: 1 })).resolves.toEqual({ ok: true });
    expect(sent[0]?.url).toBe('/api/home/preference');
    expect(sent[0]?.body).toEqual({ a: 1 });
    expect(sent[0]?.headers[ACCESS_TOKEN_HEADER]).toBe('tok-1');
    expect(sent[0]?.headers['Accept-Language']).toBe('en');
  });

  it('reads GET calls (the hot words) through the same envelope, without a body', async () => {
    answer = () => envelope(0, ['航拍', '城市']);
    await expect(get('/hotword')).resolves.toEqual(['航拍', '城市']);
    expect(sent[0]?.method).toBe('GET');
    expect(sent[0]?.url).toBe('/api/hotword');
    expect(sent[0]?.body).toBeUndefined();
    expect(sent[0]?.headers['Content-Type']).toBeUndefined();
    expect(sent[0]?.headers['Accept-Language']).toBe('en');
  });

  it('sends no token header when signed out', async () => {
    await post('/hotword');
    expect(sent[0]?.headers[ACCESS_TOKEN_HEADER]).toBeUndefined();
  });

  it("raises the server's message for a non-zero code", async () => {
    answer = () => envelope(ErrorCode.CODE_WRONG, null, 'Wrong verification code, 4 attempts left');
    const error = await post(StoreCalls.login, {}).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(ErrorCode.CODE_WRONG);
    expect((error as ApiError).message).toBe('Wrong verification code, 4 attempts left');
    expect((error as ApiError).hasServerMessage).toBe(true);
    expect(sessionEnded).toBe(0);
  });

  it('ends the session on 1001 and sends the user to sign in', async () => {
    tokenStorage.set('stale');
    answer = () => envelope(ErrorCode.TOKEN_INVALID);
    await expect(post('/cart/list')).rejects.toBeInstanceOf(ApiError);
    expect(tokenStorage.get()).toBeNull();
    expect(sessionEnded).toBe(1);
  });

  it('leaves a 1001 on the session check to the session logic', async () => {
    tokenStorage.set('stale');
    answer = () => envelope(ErrorCode.TOKEN_INVALID);
    await expect(post(StoreCalls.session)).rejects.toBeInstanceOf(ApiError);
    expect(tokenStorage.get()).toBe('stale');
    expect(sessionEnded).toBe(0);
  });

  it('ends the session on code 3 (account disabled), even on the session check', async () => {
    tokenStorage.set('tok');
    answer = () => envelope(ErrorCode.ACCOUNT_DISABLED);
    await expect(post(StoreCalls.session)).rejects.toBeInstanceOf(ApiError);
    expect(tokenStorage.get()).toBeNull();
    expect(sessionEnded).toBe(1);
  });

  it('posts a form (the payment voucher) as multipart, with the token and the UI language', async () => {
    tokenStorage.set('tok-1');
    const form = new FormData();
    form.set('id', 'order-1');
    await expect(postForm('/order/pay', form)).resolves.toEqual({ ok: true });
    expect(sent[0]?.url).toBe('/api/order/pay');
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.body).toBe(form);
    expect(sent[0]?.headers['Content-Type']).toBeUndefined();
    expect(sent[0]?.headers[ACCESS_TOKEN_HEADER]).toBe('tok-1');
    expect(sent[0]?.headers['Accept-Language']).toBe('en');
  });

  it('ends the session on 1001 from a form post like any other call', async () => {
    tokenStorage.set('stale');
    answer = () => envelope(ErrorCode.TOKEN_INVALID);
    await expect(postForm('/order/pay', new FormData())).rejects.toBeInstanceOf(ApiError);
    expect(tokenStorage.get()).toBeNull();
    expect(sessionEnded).toBe(1);
  });

  it('reports a response that is not the envelope as no response', async () => {
    answer = () => new Response('<!doctype html>', { status: 404 });
    const error = (await post('/home/preference').catch((caught: unknown) => caught)) as ApiError;
    expect(error.code).toBe(NO_RESPONSE);
    expect(error.hasServerMessage).toBe(false);
  });

  it('reads the envelope of error statuses too', async () => {
    answer = () =>
      new Response(JSON.stringify({ code: ErrorCode.RATE_LIMITED, success: false, message: 'slow down', data: null }), {
        status: 429,
      });
    const error = (await post(StoreCalls.sendCode).catch((caught: unknown) => caught)) as ApiError;
    expect(error.code).toBe(ErrorCode.RATE_LIMITED);
    expect(error.message).toBe('slow down');
  });
});

describe('token storage', () => {
  it('remembers when the token was issued', () => {
    tokenStorage.set('tok', 1_700_000_000_000);
    expect(tokenStorage.issuedAt()).toBe(1_700_000_000_000);
    tokenStorage.clear();
    expect(tokenStorage.issuedAt()).toBeNull();
  });

  it('refreshes tokens older than a day or of unknown age', () => {
    const now = 1_700_000_000_000;
    expect(tokenNeedsRefresh(now - 1000, now)).toBe(false);
    expect(tokenNeedsRefresh(now - TOKEN_REFRESH_AGE_MS - 1, now)).toBe(true);
    expect(tokenNeedsRefresh(null, now)).toBe(true);
  });
});

describe('whether asking again may help', () => {
  it('offers a retry for no answer and for the server’s own trouble', () => {
    expect(isRetryable(new ApiError(NO_RESPONSE, '', '/material/detail'))).toBe(true);
    expect(isRetryable(new ApiError(ErrorCode.INTERNAL, 'x', '/material/detail'))).toBe(true);
    expect(isRetryable(new TypeError('Failed to fetch'))).toBe(true);
  });

  it('does not for a refusal that would answer the same again', () => {
    expect(isRetryable(new ApiError(ErrorCode.NOT_FOUND, '素材不存在', '/material/detail'))).toBe(false);
    expect(isRetryable(new ApiError(ErrorCode.VALIDATION_FAILED, 'id', '/material/detail'))).toBe(false);
  });
});
