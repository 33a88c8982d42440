import { VERIFICATION_CODE } from '@mkt/contracts/web';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { safeRedirectTarget } from '../../api/authLoss';
import { serverMessageOr } from '../../api/client';
import { identityCalls } from '../../api/identityCalls';
import { useSession } from '../../session/SessionProvider';
import { Button } from '../../ui/Button';
import styles from './LoginForm.module.css';
import { checkAccount, checkCode, cleanCodeInput, resendDelaySeconds } from './loginInput';
import { useCountdown } from './useCountdown';

/** Sign-in with a one-time code sent to a mobile number or e-mail; the first sign-in registers. */
export function LoginForm() {
  const { t } = useTranslation();
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const accountId = useId();
  const codeId = useId();
  const codeInput = useRef<HTMLInputElement>(null);

  const [account, setAccount] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const countdown = useCountdown();

  const describe = (caught: unknown) =>
    serverMessageOr(caught, t('errors.network'));

  const sendCode = async () => {
    setError(null);
    setNotice(null);
    const checked = checkAccount(account);
    if (!checked.ok) {
      setError(t(checked.error));
      return;
    }
    setSending(true);
    try {
      const answer = await identityCalls.sendCode({ account: checked.value });
      countdown.start(resendDelaySeconds(answer));
      const minutes = Math.round((answer?.expiresInSeconds || VERIFICATION_CODE.validSeconds) / 60);
      setNotice(t('login.codeSent', { minutes }));
      codeInput.current?.focus();
    } catch (caught) {
      setError(describe(caught));
    } finally {
      setSending(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const checkedAccount = checkAccount(account);
    if (!checkedAccount.ok) {
      setError(t(checkedAccount.error));
      return;
    }
    const checkedCode = checkCode(code);
    if (!checkedCode.ok) {
      setError(t(checkedCode.error));
      return;
    }
    setSubmitting(true);
    try {
      const response = await identityCalls.login({ account: checkedAccount.value, code: checkedCode.value });
      signIn(response);
      navigate(safeRedirectTarget(searchParams.get('redirect')), { replace: true });
    } catch (caught) {
      setError(describe(caught));
      setSubmitting(false);
    }
  };

  const waiting = countdown.remaining > 0;
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label className={styles.label} htmlFor={accountId}>
          {t('login.account')}
        </label>
        <input
          id={accountId}
          className={styles.input}
          type="text"
          inputMode="email"
          autoComplete="username"
          autoCapitalize="off"
          spellCheck={false}
          placeholder={t('login.accountPlaceholder')}
          value={account}
          onChange={(event) => setAccount(event.target.value)}
          data-testid="login-account"
        />
      </div>

      <div className={styles.field}>
        <label className={styles.label} htmlFor={codeId}>
          {t('login.code')}
        </label>
        <div className={styles.codeRow}>
          <input
            id={codeId}
            ref={codeInput}
            className={`${styles.input} ${styles.codeInput}`}
            type="text"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d*"
            maxLength={VERIFICATION_CODE.length}
            placeholder={t('login.codePlaceholder')}
            value={code}
            onChange={(event) => setCode(cleanCodeInput(event.target.value))}
            data-testid="login-code"
          />
          <Button
            variant="secondary"
            className={styles.sendCode}
            disabled={sending || waiting}
            onClick={() => void sendCode()}
            data-testid="login-send-code"
          >
            {waiting ? t('login.resendIn', { seconds: countdown.remaining }) : sending ? t('login.sending') : t('login.sendCode')}
          </Button>
        </div>
      </div>

      {notice && !error && (
        <p className={styles.notice} role="status" data-testid="login-notice">
          {notice}
        </p>
      )}

      <Button type="submit" size="lg" block disabled={submitting} data-testid="login-submit">
        {submitting ? t('login.submitting') : t('login.submit')}
      </Button>

      {error && (
        <p className={styles.error} role="alert" data-testid="login-error">
          {error}
        </p>
      )}

      <p className={styles.note}>{t('login.newAccountNote')}</p>
      <p className={styles.agreement}>
        {t('login.agreementPrefix')}{' '}
        <a href="/agreements/user-agreement.html" target="_blank" rel="noopener" data-testid="login-agreement">
          {t('login.agreementLink')}
        </a>
      </p>
    </form>
  );
}
