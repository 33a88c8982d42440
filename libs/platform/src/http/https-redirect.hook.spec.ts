import { httpsRedirectTarget } from './https-redirect.hook.js';

const target = (headers: Record<string, string>, method = 'GET') => httpsRedirectTarget(headers, method, '/Login?x=1');

describe('httpsRedirectTarget', () => {
  it('sends plain http on a public host to https, path and query kept', () => {
    expect(target({ host: 'www.lumenstock.cn', 'x-forwarded-proto': 'http' })).toBe('https://www.lumenstock.cn/Login?x=1');
    expect(target({ host: 'www.lumenstock.cn', 'x-forwarded-proto': 'http, https' })).toBe('https://www.lumenstock.cn/Login?x=1');
  });
  it.each(['localhost:8080', '127.0.0.1', 'shop.test', 'box.local'])('leaves local and test host %s alone', (host) => {
    expect(target({ host, 'x-forwarded-proto': 'http' })).toBeNull();
  });
  it('leaves https, direct connections and non-GET calls alone', () => {
    expect(target({ host: 'www.lumenstock.cn', 'x-forwarded-proto': 'https' })).toBeNull();
    expect(target({ host: 'www.lumenstock.cn' })).toBeNull();
    expect(target({ host: 'www.lumenstock.cn', 'x-forwarded-proto': 'http' }, 'POST')).toBeNull();
  });
});
