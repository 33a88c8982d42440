import { formatMessage, languageFromHeader, serverMessages } from './messages.js';
import { ErrorCode, httpStatusOf } from './error-codes.js';

describe('server messages', () => {
  it('carries the same keys in zh-CN and en, none empty', () => {
    const zh = Object.keys(serverMessages['zh-CN']).sort();
    const en = Object.keys(serverMessages.en).sort();
    expect(en).toEqual(zh);
    for (const language of ['zh-CN', 'en'] as const) {
      for (const [key, text] of Object.entries(serverMessages[language])) expect([key, text.trim().length > 0]).toEqual([key, true]);
    }
  });

  it('uses the same placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(serverMessages.en) as (keyof typeof serverMessages.en)[]) {
      expect([key, placeholders(serverMessages['zh-CN'][key])]).toEqual([key, placeholders(serverMessages.en[key])]);
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('en', 'codeWrong', { remaining: 2 })).toBe('Wrong verification code, 2 attempts left');
    expect(formatMessage('zh-CN', 'codeResendTooSoon', { seconds: 42 })).toBe('请在 42 秒后再获取验证码');
    expect(formatMessage('en', 'codeWrong')).toBe('Wrong verification code, {remaining} attempts left');
  });

  it('keeps the login-required wording of the specification', () => {
    expect(serverMessages.en.loginRequired).toBe('please log in first to use this feature');
  });
});

describe('languageFromHeader', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-TW', 'zh-CN'],
    ['fr-FR, en;q=0.5, zh;q=0.8', 'zh-CN'],
    ['fr-FR, en;q=0.9, zh;q=0.8', 'en'],
    ['de', 'zh-CN'],
    ['en;q=0, zh', 'zh-CN'],
  ])('%s -> %s', (header, expected) => {
    expect(languageFromHeader(header)).toBe(expected);
  });
});

describe('error codes', () => {
  it('gives every code an HTTP status of the right class', () => {
    for (const code of Object.values(ErrorCode)) expect(httpStatusOf[code]).toBeGreaterThanOrEqual(code === 0 ? 200 : 400);
    expect(httpStatusOf[ErrorCode.TOKEN_INVALID]).toBe(401);
    expect(httpStatusOf[ErrorCode.ACCOUNT_DISABLED]).toBe(403);
  });
});
