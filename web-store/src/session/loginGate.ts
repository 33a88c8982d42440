/**
 * Login gating (spec section 5). Favourites need a user with a gid; sample downloads and the buy
 * drawer need a token; cart, collections and orders need a signed-in visitor. Each refusal has
 * its own message key.
 */
export type GatedAction = 'favourite' | 'sampleDownload' | 'buyDrawer' | 'cart' | 'collections' | 'orders';

export type GateMessageKey = 'gate.loginFirst' | 'gate.signInToUse';

export interface GateState {
  token: string | null;
  user: { gid?: number | null } | null;
}

export function refusalFor(action: GatedAction, state: GateState): GateMessageKey | null {
  switch (action) {
    case 'favourite':
      return state.user?.gid != null ? null : 'gate.loginFirst';
    case 'sampleDownload':
    case 'buyDrawer':
      return state.token ? null : 'gate.loginFirst';
    case 'cart':
    case 'collections':
    case 'orders':
      return state.token && state.user ? null : 'gate.signInToUse';
  }
}
