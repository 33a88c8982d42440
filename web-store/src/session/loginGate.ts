/**
 * Login gating (spec section 5). Favourites need a user with a gid; sample downloads and the buy
 * drawer need a token; cart, collections and orders need a signed-in visitor. Each refusal has
 * its own message key.
 *
 * While the session check of a stored token is still running (status 'checking') the user is not
 * known yet: actions that need the user are 'pending', never refused with "please log in first".
 */
export type GatedAction = 'favourite' | 'sampleDownload' | 'buyDrawer' | 'cart' | 'collections' | 'orders';

export type GateMessageKey = 'gate.loginFirst' | 'gate.signInToUse';

/** A refusal to show, 'pending' (wait for the session check), or null (go ahead). */
export type GateDecision = GateMessageKey | 'pending' | null;

export interface GateState {
  token: string | null;
  user: { gid?: number | null } | null;
  /** The session's status; 'checking' means a stored token is being verified. */
  status?: 'checking' | 'signedIn' | 'signedOut';
}

export function refusalFor(action: GatedAction, state: GateState): GateDecision {
  const checking = state.status === 'checking' && state.token !== null && state.user === null;
  switch (action) {
    case 'favourite':
      if (state.user?.gid != null) return null;
      return checking ? 'pending' : 'gate.loginFirst';
    case 'sampleDownload':
    case 'buyDrawer':
      return state.token ? null : 'gate.loginFirst';
    case 'cart':
    case 'collections':
    case 'orders':
      if (state.token && state.user) return null;
      return checking ? 'pending' : 'gate.signInToUse';
  }
}

/** How long an action waits for the session check before giving up silently. */
export const SESSION_CHECK_WAIT_MS = 10_000;

/**
 * Lets an action wait for the session check to finish: `update` is told whether the check is
 * still running, `settled()` resolves once it is not (at once when it is not running).
 */
export class SessionCheckWaiter {
  private waiters: (() => void)[] = [];

  constructor(
    private checking: boolean,
    private readonly timeoutMs = SESSION_CHECK_WAIT_MS,
  ) {}

  update(checking: boolean): void {
    this.checking = checking;
    if (checking) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }

  settled(): Promise<void> {
    if (!this.checking) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.timeoutMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.push(done);
    });
  }
}

/**
 * The decision for an action once the session check (if any) is over: a user who favourites
 * while their stored token is still being checked goes ahead as soon as the check signs them in,
 * and is asked to log in only if it does not. Still 'pending' after the wait: the caller does nothing.
 */
export async function decideAfterSessionCheck(action: GatedAction, current: () => GateState, waiter: SessionCheckWaiter): Promise<GateDecision> {
  const first = refusalFor(action, current());
  if (first !== 'pending') return first;
  await waiter.settled();
  return refusalFor(action, current());
}
