import { createPayload, updatePayload } from './payload';

describe('request bodies', () => {
  const user = {
    id: 'u1',
    gid: 2,
    signFlag: true,
    verity: false,
    videoFlag: false,
    photoFlag: true,
    customerId: null,
    customerStatus: null,
    customerType: null,
    projectId: null,
    nickname: '小王',
    phone: '13800000000',
    email: null,
    protocolAgreed: null,
    disabled: false,
    createdAt: '2024-01-01T00:00:00.000Z',
    lastLoginAt: null,
  };

  it('sends only the editable user fields that changed', () => {
    expect(updatePayload('users', { ...user, gid: 35, phone: '13900000000', customerId: 'C-9' }, user)).toEqual({
      gid: 35,
      customerId: 'C-9',
    });
  });

  it('keeps a staff password only when one was typed', () => {
    const staff = { id: 's1', username: 'li', displayName: '李', roles: ['sales'], disabled: false, createdAt: 'x' };
    expect(updatePayload('staff', { ...staff, roles: ['sales', 'finance'], password: null }, staff)).toEqual({
      roles: ['sales', 'finance'],
    });
    expect(updatePayload('staff', { ...staff, password: 'new-secret' }, staff)).toEqual({ password: 'new-secret' });
  });

  it('creates staff with the create fields only', () => {
    expect(
      createPayload('staff', { username: 'li', displayName: '李', password: 'secret123', roles: ['admin'], extra: 1 }),
    ).toEqual({ username: 'li', displayName: '李', password: 'secret123', roles: ['admin'] });
  });
});
