import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { loginUrlReturningTo } from '../api/authLoss';
import { useToast } from '../ui/toast/ToastProvider';
import { type GateDecision, type GateState, type GatedAction, SessionCheckWaiter, decideAfterSessionCheck, refusalFor } from './loginGate';
import { useSession } from './SessionProvider';

export interface LoginGate {
  /** Favourites: needs a signed-in user with a gid; waits for a running session check first. */
  requireGid(): Promise<boolean>;
  /** Sample download and the buy drawer: need a token. */
  requireToken(): boolean;
  /** Cart, collections and orders (while the session is being checked: refused without a message). */
  requireSignIn(action?: Extract<GatedAction, 'cart' | 'collections' | 'orders'>): boolean;
}

/**
 * Each check returns true when the action may go ahead; otherwise it shows the spec's message
 * with a link to the login page that comes back here.
 */
export function useLoginGate(): LoginGate {
  const { token, user, status } = useSession();
  const { t } = useTranslation();
  const toast = useToast();
  const location = useLocation();
  const state = useRef<GateState>({ token, user, status });
  const waiter = useRef<SessionCheckWaiter | null>(null);
  waiter.current ??= new SessionCheckWaiter(status === 'checking');

  useEffect(() => {
    state.current = { token, user, status };
    waiter.current?.update(status === 'checking');
  }, [token, user, status]);

  const answer = useCallback(
    (decision: GateDecision) => {
      if (decision === null) return true;
      if (decision === 'pending') return false;
      toast.show({
        message: t(decision),
        action: { label: t('gate.goLogin'), to: loginUrlReturningTo(location.pathname + location.search) },
      });
      return false;
    },
    [t, toast, location.pathname, location.search],
  );

  const check = useCallback((action: GatedAction) => answer(refusalFor(action, { token, user, status })), [answer, token, user, status]);

  return useMemo(
    () => ({
      requireGid: async () => answer(await decideAfterSessionCheck('favourite', () => state.current, waiter.current!)),
      requireToken: () => check('sampleDownload'),
      requireSignIn: (action = 'cart') => check(action),
    }),
    [answer, check],
  );
}
