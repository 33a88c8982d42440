import { ErrorCode, type EmailConfirmed } from '@mkt/contracts/web';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { identityCalls } from '../../api/identityCalls';
import { userCenterCalls } from '../../api/userCenterCalls';
import { Notice } from '../../catalogue/Notice';
import { useSession } from '../../session/SessionProvider';
import { buttonClass } from '../../ui/Button';
import { messageOf } from '../Orders/common';
import styles from './UserCenter.module.css';

type Outcome =
  | { kind: 'checking' }
  | { kind: 'confirmed'; email: string }
  | { kind: 'expired' | 'used' | 'invalid' }
  | { kind: 'failed'; message: string };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
/** One confirmation per token and page load, however often the page renders. */
const attempts = new Map<string, Promise<EmailConfirmed>>();

function outcomeOf(error: unknown): Outcome {
  if (error instanceof ApiError) {
    if (error.code === ErrorCode.EMAIL_LINK_EXPIRED) return { kind: 'expired' };
    if (error.code === ErrorCode.EMAIL_LINK_USED) return { kind: 'used' };
    if (error.code === ErrorCode.EMAIL_LINK_INVALID || error.code === ErrorCode.VALIDATION_FAILED) return { kind: 'invalid' };
  }
  return { kind: 'failed', message: messageOf(error) };
}

/** /mailconfirm?token=: the link mailed to bind an e-mail address; works without signing in. */
export default function MailConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { user, updateUser } = useSession();
  const [outcome, setOutcome] = useState<Outcome>(() => (TOKEN_SHAPE.test(token) ? { kind: 'checking' } : { kind: 'invalid' }));

  useEffect(() => {
    if (!TOKEN_SHAPE.test(token)) return;
    let current = true;
    let attempt = attempts.get(token);
    if (!attempt) {
      attempt = userCenterCalls.confirmEmail(token);
      attempts.set(token, attempt);
    }
    attempt.then(
      (confirmed) => current && setOutcome({ kind: 'confirmed', email: confirmed.emailMasked }),
      (error: unknown) => current && setOutcome(outcomeOf(error)),
    );
    return () => {
      current = false;
    };
  }, [token]);

  // The signed-in user's view of their own account follows the confirmation.
  const userId = user?.id;
  const confirmed = outcome.kind === 'confirmed';
  useEffect(() => {
    if (!confirmed || !userId) return;
    identityCalls
      .session()
      .then((fresh) => fresh && updateUser(fresh))
      .catch(() => undefined);
  }, [confirmed, userId, updateUser]);

  const toAccount = (label: string) => (
    <Link to="/UserCenter?tab=account" className={buttonClass('primary')} data-testid="mail-confirm-next">
      {label}
    </Link>
  );
  return (
    <div className={styles.confirmPage} data-testid="mail-confirm-page" data-outcome={outcome.kind}>
      <h1 className={styles.title}>{t('mailConfirm.title')}</h1>
      {outcome.kind === 'checking' && <p className={styles.muted}>{t('mailConfirm.checking')}</p>}
      {outcome.kind === 'confirmed' && (
        <Notice title={t('mailConfirm.confirmed')} body={t('mailConfirm.confirmedBody', { email: outcome.email })} testId="mail-confirm-confirmed">
          {toAccount(t('mailConfirm.toUserCenter'))}
        </Notice>
      )}
      {outcome.kind === 'expired' && (
        <Notice title={t('mailConfirm.expired')} body={t('mailConfirm.expiredBody')} testId="mail-confirm-expired">
          {toAccount(t('mailConfirm.sendAgain'))}
        </Notice>
      )}
      {outcome.kind === 'used' && (
        <Notice title={t('mailConfirm.used')} body={t('mailConfirm.usedBody')} testId="mail-confirm-used">
          {toAccount(t('mailConfirm.toUserCenter'))}
        </Notice>
      )}
      {outcome.kind === 'invalid' && (
        <Notice title={t('mailConfirm.invalid')} body={t('mailConfirm.invalidBody')} testId="mail-confirm-invalid">
          <div className={styles.actions}>
            {toAccount(t('mailConfirm.sendAgain'))}
            <Link to="/" className={buttonClass('secondary')}>
              {t('mailConfirm.home')}
            </Link>
          </div>
        </Notice>
      )}
      {outcome.kind === 'failed' && (
        <Notice title={t('mailConfirm.failed')} body={outcome.message} testId="mail-confirm-failed">
          {toAccount(t('mailConfirm.toUserCenter'))}
        </Notice>
      )}
    </div>
  );
}
