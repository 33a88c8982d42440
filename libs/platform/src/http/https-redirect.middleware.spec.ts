import type { NextFunction, Request, Response } from 'express';
import { httpsRedirect } from './https-redirect.middleware.js';

function run(headers: Record<string, string>, method = 'GET') {
  let redirected: string | undefined;
  let passed = false;
  const request = { headers, method, originalUrl: '/Login?x=1' } as unknown as Request;
  const response = { redirect: (_status: number, url: string) => (redirected = url) } as unknown as Response;
  httpsRedirect(request, response, (() => (passed = true)) as NextFunction);
  return { redirected, passed };
}

describe('httpsRedirect', () => {
  it('sends plain http on a public host to https', () => {
    expect(run({ host: 'www.lumenstock.cn', 'x-forwarded-proto': 'http' }).redirected).toBe('https://www.lumenstock.cn/Login?x=1');
  });
  it.each(['localhost:8080', '127.0.0.1', 'shop.test', 'box.local'])('leaves local and test host %s alone', (host) => {
    expect(run({ host, 'x-forwarded-proto': 'http' })).toEqual({ redirected: undefined, passed: true });
  });
  it('leaves https, direct connections and non-GET calls alone', () => {
    expect(run({ host: 'www.lumenstock.cn', 'x-forwarded-proto': 'https' }).passed).toBe(true);
    expect(run({ host: 'www.lumenstock.cn' }).passed).toBe(true);
    expect(run({ host: 'www.lumenstock.cn', 'x-forwarded-proto': 'http' }, 'POST').passed).toBe(true);
  });
});
