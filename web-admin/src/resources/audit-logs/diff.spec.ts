import { changedFields, deepEqual, isSecretField } from './diff';

describe('audit log diff', () => {
  it('lists only the fields that changed', () => {
    expect(
      changedFields(
        { gid: 2, signFlag: false, nickname: '小王', roles: ['sales'] },
        { gid: 35, signFlag: false, nickname: '小王', roles: ['sales'] },
      ),
    ).toEqual([{ field: 'gid', before: 2, after: 35 }]);
  });

  it('treats a missing side as empty: creation and deletion', () => {
    expect(changedFields(null, { username: 'li', roles: ['admin'] })).toEqual([
      { field: 'username', before: undefined, after: 'li' },
      { field: 'roles', before: undefined, after: ['admin'] },
    ]);
    expect(changedFields({ a: 1 }, null)).toEqual([{ field: 'a', before: 1, after: undefined }]);
  });

  it('compares arrays and nested objects by value', () => {
    expect(deepEqual({ r: ['a', 'b'], n: { x: 1 } }, { n: { x: 1 }, r: ['a', 'b'] })).toBe(true);
    expect(changedFields({ roles: ['a', 'b'] }, { roles: ['b', 'a'] })).toHaveLength(1);
  });

  it('handles values that are not objects', () => {
    expect(changedFields('x', 'x')).toEqual([]);
    expect(changedFields('x', 'y')).toEqual([{ field: '', before: 'x', after: 'y' }]);
  });

  it('recognises secret fields', () => {
    expect(isSecretField('password')).toBe(true);
    expect(isSecretField('passwordHash')).toBe(true);
    expect(isSecretField('nickname')).toBe(false);
  });
});
