import { type GateState, SessionCheckWaiter, decideAfterSessionCheck, refusalFor } from './loginGate';
import { contributorNoticeFor, hasMaterialCenter, isEnterpriseAdmin, loadsSkuList, showsDownloadList, showsMaterialCenterInMobileMenu } from './userRoles';

const signed = { token: 'tok', user: { gid: 1 } };
const visitor = { token: null, user: null };

describe('login gating', () => {
  it('asks visitors to log in first for favourites, samples and the buy drawer', () => {
    expect(refusalFor('favourite', visitor)).toBe('gate.loginFirst');
    expect(refusalFor('sampleDownload', visitor)).toBe('gate.loginFirst');
    expect(refusalFor('buyDrawer', visitor)).toBe('gate.loginFirst');
  });

  it('asks visitors to sign in for cart, collections and orders', () => {
    expect(refusalFor('cart', visitor)).toBe('gate.signInToUse');
    expect(refusalFor('collections', visitor)).toBe('gate.signInToUse');
    expect(refusalFor('orders', visitor)).toBe('gate.signInToUse');
  });

  it('lets signed-in users through', () => {
    for (const action of ['favourite', 'sampleDownload', 'buyDrawer', 'cart', 'collections', 'orders'] as const) {
      expect(refusalFor(action, signed)).toBeNull();
    }
  });

  it('needs a gid for favourites and a token for samples', () => {
    expect(refusalFor('favourite', { token: 'tok', user: null })).toBe('gate.loginFirst');
    expect(refusalFor('sampleDownload', { token: 'tok', user: null })).toBeNull();
  });
});

describe('login gating while the stored token is being checked', () => {
  const checking: GateState = { token: 'tok', user: null, status: 'checking' };

  it('does not tell a user whose session is still being checked to log in first', () => {
    expect(refusalFor('favourite', checking)).toBe('pending');
    expect(refusalFor('collections', checking)).toBe('pending');
    expect(refusalFor('sampleDownload', checking)).toBeNull();
    expect(refusalFor('favourite', { ...checking, status: 'signedOut' })).toBe('gate.loginFirst');
    expect(refusalFor('favourite', { token: null, user: null, status: 'signedOut' })).toBe('gate.loginFirst');
  });

  it('lets a favourite made during the check go ahead once the check signs the user in', async () => {
    let state: GateState = checking;
    const waiter = new SessionCheckWaiter(true);
    const decision = decideAfterSessionCheck('favourite', () => state, waiter);
    let settled = false;
    void decision.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    state = { token: 'tok', user: { gid: 1 }, status: 'signedIn' };
    waiter.update(false);
    await expect(decision).resolves.toBeNull();
  });

  it('asks for a login once the check finds the token invalid', async () => {
    let state: GateState = checking;
    const waiter = new SessionCheckWaiter(true);
    const decision = decideAfterSessionCheck('favourite', () => state, waiter);
    state = { token: null, user: null, status: 'signedOut' };
    waiter.update(false);
    await expect(decision).resolves.toBe('gate.loginFirst');
  });

  it('gives up silently when the check never ends', async () => {
    await expect(decideAfterSessionCheck('favourite', () => checking, new SessionCheckWaiter(true, 5))).resolves.toBe('pending');
  });
});

describe('user roles', () => {
  const user = (gid: number) => ({ gid });

  it('shows the material centre in the user menu to contributors', () => {
    expect([1, 2, 3, 35].map((gid) => hasMaterialCenter(user(gid)))).toEqual([false, true, true, true]);
    expect(hasMaterialCenter(null)).toBe(false);
  });

  it('shows the material centre in the mobile menu to gid 2 and 35 only', () => {
    expect([1, 2, 3, 35].map((gid) => showsMaterialCenterInMobileMenu(user(gid)))).toEqual([false, true, false, true]);
  });

  it('loads the SKU list for active enterprise customers', () => {
    expect(loadsSkuList({ customerId: 'c1', customerStatus: 1, customerType: 1 })).toBe(true);
    expect(loadsSkuList({ customerId: null, customerStatus: 1, customerType: 1 })).toBe(false);
    expect(loadsSkuList({ customerId: 'c1', customerStatus: 0, customerType: 1 })).toBe(false);
    expect(loadsSkuList({ customerId: 'c1', customerStatus: 1, customerType: 2 })).toBe(false);
  });

  it('shows /DownloadList only to enterprise customers with a project in progress (status 1)', () => {
    const customer = { customerId: 'c1', customerStatus: 1, customerType: 1, projectId: 'PRJ-1' };
    expect(showsDownloadList(customer, { projectStatus: 1 })).toBe(true);
    expect(showsDownloadList(customer, { projectStatus: 0 })).toBe(false);
    expect(showsDownloadList(customer, { projectStatus: 2 })).toBe(false);
    expect(showsDownloadList(customer, null)).toBe(false);
    expect(showsDownloadList({ ...customer, projectId: null }, { projectStatus: 1 })).toBe(false);
    expect(showsDownloadList({ ...customer, customerType: 2 }, { projectStatus: 1 })).toBe(false);
    expect(showsDownloadList(null, { projectStatus: 1 })).toBe(false);
  });

  it('gives the company orders tab to enterprise administrators only', () => {
    const customer = { customerId: 'c1', customerStatus: 1, customerType: 1, enterpriseAdmin: true };
    expect(isEnterpriseAdmin(customer)).toBe(true);
    expect(isEnterpriseAdmin({ ...customer, enterpriseAdmin: false })).toBe(false);
    expect(isEnterpriseAdmin({ ...customer, customerStatus: 0 })).toBe(false);
    expect(isEnterpriseAdmin(null)).toBe(false);
  });

  it('picks the contributor notice by gid for signed contributors who have not answered', () => {
    const base = { signFlag: true, protocolAgreed: null };
    expect(contributorNoticeFor({ ...base, gid: 3 })).toBe('acknowledgePhotoRights');
    expect(contributorNoticeFor({ ...base, gid: 2 })).toBe('offerPhotoSupplement');
    expect(contributorNoticeFor({ ...base, gid: 35 })).toBeNull();
    expect(contributorNoticeFor({ ...base, gid: 2, protocolAgreed: true })).toBeNull();
    expect(contributorNoticeFor({ ...base, gid: 2, protocolAgreed: false })).toBeNull();
    expect(contributorNoticeFor({ ...base, gid: 3, signFlag: false })).toBeNull();
    expect(contributorNoticeFor(null)).toBeNull();
  });
});
