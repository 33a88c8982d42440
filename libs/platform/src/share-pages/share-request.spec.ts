import { publicOrigin, queryOf, shareLanguage } from './share-request.js';

describe('the language of a shared page', () => {
  it('is the link’s own first, whatever the reader’s browser prefers', () => {
    expect(shareLanguage({ lang: 'en' }, 'zh-CN,zh;q=0.9')).toBe('en');
    expect(shareLanguage({ lang: 'zh' }, 'en-US,en;q=0.9')).toBe('zh-CN');
    expect(shareLanguage({ lang: 'ZH-cn' }, 'en')).toBe('zh-CN');
  });

  it('is else the first of ours in Accept-Language, by weight, else Chinese', () => {
    expect(shareLanguage({}, 'fr-FR,fr;q=0.9,en;q=0.8,zh;q=0.7')).toBe('en');
    expect(shareLanguage({}, 'en;q=0.5,zh-TW;q=0.8')).toBe('zh-CN');
    expect(shareLanguage({}, 'de, fr')).toBe('zh-CN');
    expect(shareLanguage({}, undefined)).toBe('zh-CN');
  });

  it('ignores a link language it does not know, or given twice', () => {
    expect(shareLanguage({ lang: 'fr' }, 'en')).toBe('en');
    expect(shareLanguage({ lang: ['en', 'zh'] }, 'zh')).toBe('zh-CN');
    expect(shareLanguage({ lang: 'en\u0000' }, 'zh')).toBe('zh-CN');
    expect(queryOf({ query: null })).toEqual({});
  });
});

describe('the public origin of a shared page', () => {
  const http = { linkBase: '', publicUrl: 'http://localhost:8080' };

  it('is PUBLIC_URL when set, whatever the request says', () => {
    expect(publicOrigin({ linkBase: 'https://www.lumenstock.cn', publicUrl: 'https://www.lumenstock.cn' }, { protocol: 'http', host: 'evil.example.com' })).toBe('https://www.lumenstock.cn');
  });

  it('is else the request’s scheme and host, as Fastify read them', () => {
    expect(publicOrigin(http, { protocol: 'https', host: 'Staging.LumenStock.cn' })).toBe('https://staging.lumenstock.cn');
    expect(publicOrigin(http, { protocol: 'http', host: '127.0.0.1:8080' })).toBe('http://127.0.0.1:8080');
    expect(publicOrigin(http, { protocol: 'http', host: '[::1]:8080' })).toBe('http://[::1]:8080');
  });

  it('never takes a host that is not one', () => {
    for (const host of ['evil.example.com/"><script>', 'a b', 'user@host', '', 'host:99999999', 'x.example.com\u0000']) {
      expect(publicOrigin(http, { protocol: 'http', host })).toBe('http://localhost:8080');
    }
    expect(publicOrigin(http, { protocol: 'javascript', host: 'example.com' })).toBe('http://localhost:8080');
  });
});
