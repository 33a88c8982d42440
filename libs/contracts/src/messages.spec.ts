import { REAL_NAME_STATUSES } from './identity/api.js';
import { formatMessage, languageFromHeader, messageWords, serverMessages } from './messages.js';
import { ORDER_STATUSES } from './orders/api.js';
import { BANK_INFO_STATUSES, STATEMENT_STATUSES } from './payouts/api.js';
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
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+(?::\w+)?)\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(serverMessages.en) as (keyof typeof serverMessages.en)[]) {
      expect([key, placeholders(serverMessages['zh-CN'][key])]).toEqual([key, placeholders(serverMessages.en[key])]);
    }
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(formatMessage('en', 'codeWrong', { remaining: 2 })).toBe('Wrong verification code, 2 attempts left');
    expect(formatMessage('zh-CN', 'codeResendTooSoon', { seconds: 42 })).toBe('请在 42 秒后再获取验证码');
    expect(formatMessage('en', 'codeWrong')).toBe('Wrong verification code, {remaining} attempts left');
  });

  it('names states and actions in the caller\'s language, not by their codes', () => {
    expect(formatMessage('zh-CN', 'orderTransitionRefused', { status: 'paid', action: 'cancel' })).toBe('订单当前状态为“待确认付款”，不能取消');
    expect(formatMessage('en', 'orderTransitionRefused', { status: 'paid', action: 'cancel' })).toBe('The order is waiting for payment confirmation; it cannot be cancelled');
    expect(formatMessage('en', 'statementTransitionRefused', { status: 'remitted', action: 'reject' })).toBe('The statement is remitted; it cannot be rejected');
    // A code the vocabulary does not know is shown as it is rather than lost.
    expect(formatMessage('en', 'orderTransitionRefused', { status: 'archived', action: 'cancel' })).toBe('The order is archived; it cannot be cancelled');
  });

  it('has a word for every status in both languages', () => {
    const statuses = { orderStatus: ORDER_STATUSES, statementStatus: STATEMENT_STATUSES, realNameStatus: REAL_NAME_STATUSES, bankInfoStatus: BANK_INFO_STATUSES };
    for (const language of ['zh-CN', 'en'] as const) {
      for (const [vocabulary, codes] of Object.entries(statuses)) {
        expect([language, vocabulary, Object.keys(messageWords[language][vocabulary as keyof typeof statuses]).sort()]).toEqual([language, vocabulary, [...codes].sort()]);
      }
    }
    for (const vocabulary of Object.keys(messageWords.en)) {
      expect([vocabulary, Object.keys(messageWords['zh-CN'][vocabulary as keyof typeof messageWords.en]).sort()]).toEqual([vocabulary, Object.keys(messageWords.en[vocabulary as keyof typeof messageWords.en]).sort()]);
    }
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
