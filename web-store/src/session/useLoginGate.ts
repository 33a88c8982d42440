import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { loginUrlReturningTo } from '../api/authLoss';
import { useToast } from '../ui/toast/ToastProvider';
import { type GatedAction, refusalFor } from './loginGate';
import { useSession } from './SessionProvider';

export interface LoginGate {
  /** Favourites: needs a signed-in user with a gid. */
  requireGid(): boolean;
  /** Sample download and the buy drawer: need a token. */
  requireToken(): boolean;
  /** Cart, collections and orders. */
  requireSignIn(action?: Extract<GatedAction, 'cart' | 'collections' | 'orders'>): boolean;
}

/**
 * Each check returns true when the action may go ahead; otherwise it shows the spec's message
 * with a link to the login page that comes back here.
 */
export function useLoginGate(): LoginGate {
  const { token, user } = useSession();
  const { t } = useTranslation();
  const toast = useToast();
  const location = useLocation();

  const check = useCallback(
    (action: GatedAction) => {
      const refusal = refusalFor(action, { token, user });
      if (!refusal) return true;
      toast.show({
        message: t(refusal),
        action: { label: t('gate.goLogin'), to: loginUrlReturningTo(location.pathname + location.search) },
      });
      return false;
    },
    [token, user, t, toast, location.pathname, location.search],
  );

  return useMemo(
    () => ({
      requireGid: () => check('favourite'),
      requireToken: () => check('sampleDownload'),
      requireSignIn: (action = 'cart') => check(action),
    }),
    [check],
  );
}
