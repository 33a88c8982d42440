import { VERIFICATION_CODE, normaliseAccount } from '@mkt/contracts/web';

/** Checks the login form before anything is sent, with the same rules as the server. */
export type LoginInputError = 'login.accountInvalid' | 'login.codeInvalid';

export type Checked<T> = { ok: true; value: T } | { ok: false; error: LoginInputError };

export function checkAccount(raw: string): Checked<string> {
  const account = normaliseAccount(raw);
  return account ? { ok: true, value: account.value } : { ok: false, error: 'login.accountInvalid' };
}

const codePattern = new RegExp(`^\\d{${VERIFICATION_CODE.length}}$`);

export function checkCode(raw: string): Checked<string> {
  const code = raw.trim();
  return codePattern.test(code) ? { ok: true, value: code } : { ok: false, error: 'login.codeInvalid' };
}

/** Keeps only digits, at most the code length, so pasted codes with spaces still work. */
export function cleanCodeInput(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, VERIFICATION_CODE.length);
}

/** Seconds until another code may be requested, falling back to the contract's default. */
export function resendDelaySeconds(answer: { resendAfterSeconds?: number } | null | undefined): number {
  const seconds = Number(answer?.resendAfterSeconds);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : VERIFICATION_CODE.resendAfterSeconds;
}
