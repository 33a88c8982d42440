import { jest } from '@jest/globals';
import { TokenService } from './token.service.js';

describe('TokenService', () => {
  const tokens = new TokenService('s'.repeat(32), 3600);

  it('round-trips user and staff claims', async () => {
    const user = await tokens.sign({ kind: 'user', userId: 'u1', sessionId: 's1' });
    expect(await tokens.verify(user, 'user')).toEqual({ kind: 'user', userId: 'u1', sessionId: 's1' });
    const staff = await tokens.sign({ kind: 'staff', staffId: 'a1', sessionId: 's2', roles: ['admin'], username: 'admin' });
    expect(await tokens.verify(staff, 'staff')).toEqual({ kind: 'staff', staffId: 'a1', sessionId: 's2', roles: ['admin'], username: 'admin' });
  });

  it('refuses a token of the other kind, another secret, expiry and garbage', async () => {
    const user = await tokens.sign({ kind: 'user', userId: 'u1', sessionId: 's1' });
    expect(await tokens.verify(user, 'staff')).toBeNull();
    expect(await new TokenService('t'.repeat(32)).verify(user, 'user')).toBeNull();
    const old = await tokens.sign({ kind: 'user', userId: 'u1', sessionId: 's1' }, Math.floor(Date.now() / 1000) - 7200);
    expect(await tokens.verify(old, 'user')).toBeNull();
    expect(await tokens.verify('not.a.token', 'user')).toBeNull();
    expect(await tokens.verify(`${user.slice(0, -3)}abc`, 'user')).toBeNull();
  });

  it('still refuses a remembered token once it expires, or when asked for the other kind', async () => {
    const shortLived = new TokenService('s'.repeat(32), 60);
    const now = Date.now();
    const user = await shortLived.sign({ kind: 'user', userId: 'u1', sessionId: 's1' }, Math.floor(now / 1000));
    expect(await shortLived.verify(user, 'user')).not.toBeNull();
    expect(await shortLived.verify(user, 'staff')).toBeNull();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(now + 61_000);
    try {
      expect(await shortLived.verify(user, 'user')).toBeNull();
    } finally {
      clock.mockRestore();
    }
  });

  it('hands out copies, so a caller changing its claims changes nothing remembered', async () => {
    const staff = await tokens.sign({ kind: 'staff', staffId: 'a1', sessionId: 's2', roles: ['admin'], username: 'admin' });
    const first = await tokens.verify(staff, 'staff');
    first!.roles.push('finance');
    expect((await tokens.verify(staff, 'staff'))!.roles).toEqual(['admin']);
  });
});
