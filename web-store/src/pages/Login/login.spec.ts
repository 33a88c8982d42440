import { VERIFICATION_CODE } from '@mkt/contracts/web';
import { loginUrlReturningTo, safeRedirectTarget } from '../../api/authLoss';
import { checkAccount, checkCode, cleanCodeInput, resendDelaySeconds } from './loginInput';

describe('login input', () => {
  it('accepts mobile numbers and e-mail addresses in their normalised form', () => {
    expect(checkAccount(' +86 138-0013-8000 ')).toEqual({ ok: true, value: '13800138000' });
    expect(checkAccount('Buyer@Example.COM')).toEqual({ ok: true, value: 'buyer@example.com' });
  });

  it('rejects anything else before calling the server', () => {
    expect(checkAccount('12345')).toEqual({ ok: false, error: 'login.accountInvalid' });
    expect(checkAccount('')).toEqual({ ok: false, error: 'login.accountInvalid' });
  });

  it('wants a 6-digit code', () => {
    expect(checkCode('123456')).toEqual({ ok: true, value: '123456' });
    expect(checkCode('12345')).toEqual({ ok: false, error: 'login.codeInvalid' });
    expect(checkCode('12345a')).toEqual({ ok: false, error: 'login.codeInvalid' });
    expect(cleanCodeInput('12 34-56 78')).toBe('123456');
  });

  it('counts down from what the server says, or the default', () => {
    expect(resendDelaySeconds({ resendAfterSeconds: 45 })).toBe(45);
    expect(resendDelaySeconds(null)).toBe(VERIFICATION_CODE.resendAfterSeconds);
  });
});

describe('login redirect', () => {
  it('returns to the page the user was on', () => {
    expect(loginUrlReturningTo('/Cart?targetType=1')).toBe('/Login?redirect=%2FCart%3FtargetType%3D1');
    expect(loginUrlReturningTo('/')).toBe('/Login');
    expect(loginUrlReturningTo('/Login?redirect=%2FCart')).toBe('/Login');
  });

  it('follows only same-site paths after signing in', () => {
    expect(safeRedirectTarget('/Cart?targetType=1')).toBe('/Cart?targetType=1');
    expect(safeRedirectTarget(null)).toBe('/');
    expect(safeRedirectTarget('https://evil.example')).toBe('/');
    expect(safeRedirectTarget('//evil.example')).toBe('/');
    expect(safeRedirectTarget('/\\evil.example')).toBe('/');
    expect(safeRedirectTarget('/Login')).toBe('/');
  });
});
