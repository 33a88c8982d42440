import { initialLanguage, linkLanguage, withLinkLanguage } from './language';

describe('the language the store opens in', () => {
  it('is the one a shared link names', () => {
    expect(linkLanguage('?id=5&lang=en')).toBe('en');
    expect(linkLanguage('?lang=zh&id=5')).toBe('zh-CN');
    expect(linkLanguage('?lang=zh-CN')).toBe('zh-CN');
    expect(initialLanguage('?id=5&lang=en')).toBe('en');
  });

  it('is else the remembered one (Chinese when there is none), for links without a language or with one we do not have', () => {
    expect(linkLanguage('?id=5')).toBeNull();
    expect(linkLanguage('?lang=fr')).toBeNull();
    expect(linkLanguage('')).toBeNull();
    // No localStorage here: nothing remembered.
    expect(initialLanguage('?lang=fr')).toBe('zh-CN');
    expect(initialLanguage('')).toBe('zh-CN');
  });
});

describe('a link to share', () => {
  it('names the language it was read in, once, and opens in it', () => {
    expect(withLinkLanguage('https://www.lumenstock.cn/Detail?id=5&mdp=6', 'en')).toBe('https://www.lumenstock.cn/Detail?id=5&mdp=6&lang=en');
    expect(withLinkLanguage('https://www.lumenstock.cn/DetailPic?id=7&lang=en', 'zh-CN')).toBe('https://www.lumenstock.cn/DetailPic?id=7&lang=zh');
    expect(linkLanguage(new URL(withLinkLanguage('http://localhost:8080/DetailMusic?id=3', 'en')).search)).toBe('en');
  });
});
