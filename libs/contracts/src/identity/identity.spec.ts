import { normaliseAccount } from './api.js';
import { staffUpdateSchema } from './schemas.js';

describe('normaliseAccount', () => {
  it.each([
    ['13800000001', { kind: 'phone', value: '13800000001' }],
    [' 138-0000-0001 ', { kind: 'phone', value: '13800000001' }],
    ['+8613800000001', { kind: 'phone', value: '13800000001' }],
    ['Ada@Example.COM', { kind: 'email', value: 'ada@example.com' }],
  ])('%s', (raw, expected) => {
    expect(normaliseAccount(raw)).toEqual(expected);
  });

  it.each(['', '12800000001', '1380000000', 'ada@', 'ada@x', 'not an account', `${'a'.repeat(250)}@x.cn`])('refuses %p', (raw) => {
    expect(normaliseAccount(raw)).toBeNull();
  });
});

describe('staffUpdateSchema', () => {
  it('treats an empty password field as "keep the password" and checks a new one', () => {
    expect(staffUpdateSchema.parse({ password: '' })).toEqual({});
    expect(staffUpdateSchema.safeParse({ password: 'short' }).success).toBe(false);
    expect(staffUpdateSchema.parse({ password: 'long-enough', roles: ['sales'] })).toEqual({ password: 'long-enough', roles: ['sales'] });
  });
});
