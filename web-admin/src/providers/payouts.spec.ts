import { createDataProvider } from './dataProvider';
import { ApiError, createHttpClient, type FetchLike } from './http';

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/** A fake server answering each `METHOD url` with a status, a body and a content type. */
function setup(routes: Record<string, { status: number; body: string; type?: string }>) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, headers: new Headers(init.headers), body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined });
    const route = routes[`${method} ${url}`];
    if (!route) return new Response('not found', { status: 404 });
    return new Response(route.body, { status: route.status, headers: { 'Content-Type': route.type ?? 'application/json' } });
  };
  const http = createHttpClient({ fetch, getToken: () => 't-fin', getLanguage: () => 'en' });
  return { calls, provider: createDataProvider(http) };
}

const json = (value: unknown) => JSON.stringify(value);

describe('payouts data provider methods', () => {
  it('generates a quarter with the staff token and the console language', async () => {
    const { calls, provider } = setup({ 'POST /admin-api/statements/generate': { status: 200, body: json({ created: 3 }) } });
    await expect(provider.generateStatements({ year: 2025, quarter: 1 })).resolves.toEqual({ created: 3 });
    expect(calls[0]?.body).toEqual({ year: 2025, quarter: 1 });
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer t-fin');
    expect(calls[0]?.headers.get('Accept-Language')).toBe('en');
  });

  it('passes the server refusal on with its localized message', async () => {
    const refusal = { code: 7003, success: false, message: 'Q2 2025 has not ended yet; its statements can be produced once it has', data: null };
    const { provider } = setup({ 'POST /admin-api/statements/generate': { status: 409, body: json(refusal) } });
    const error = await provider.generateStatements({ year: 2025, quarter: 2 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: refusal.message, code: 7003 });
  });

  it('remits the selected statements as one batch and corrects a rejected one', async () => {
    const id = '5f0c9c1e-8d1a-4c55-9c1e-2b7a0f3e4d21';
    const { calls, provider } = setup({
      'POST /admin-api/statements/remit': { status: 200, body: json({ batch: 'R1', statements: [] }) },
      [`POST /admin-api/statements/${id}/correct`]: { status: 200, body: json({ id: 'next' }) },
    });
    await expect(provider.remitStatements([id])).resolves.toEqual({ batch: 'R1', statements: [] });
    expect(calls[0]?.body).toEqual({ ids: [id] });
    await expect(provider.correctStatement(id)).resolves.toEqual({ id: 'next' });
    expect(calls[1]?.body).toBeUndefined();
  });

  it('reads the remittance CSV as text', async () => {
    const csv = '\uFEFFstatementId,netYuan\r\nabc,1200.00\r\n';
    const { calls, provider } = setup({ 'GET /admin-api/remittances/R1%2F2': { status: 200, body: csv, type: 'text/csv; charset=utf-8' } });
    const text = await provider.remittanceCsv('R1/2');
    // The byte-order mark does not survive fetch's decoding; the download adds it back.
    expect(text.replace(/^\uFEFF/, '')).toBe('statementId,netYuan\r\nabc,1200.00\r\n');
    expect(calls[0]?.headers.get('Authorization')).toBe('Bearer t-fin');
  });
});
