import type { AuthenticatedUser } from '@mkt/platform';
import { assertMayEdit, assertMayUpload } from './rights.js';

const user = (gid: number, videoFlag: boolean, photoFlag: boolean): AuthenticatedUser => ({ userId: 'u', sessionId: 's', contributor: { gid, videoFlag, photoFlag } });

describe('upload rights', () => {
  it('lets contributors upload what their flags allow', () => {
    expect(() => assertMayUpload(user(3, true, true), 'video')).not.toThrow();
    expect(() => assertMayUpload(user(3, true, true), 'photo')).not.toThrow();
    expect(() => assertMayUpload(user(2, true, false), 'video')).not.toThrow();
    expect(() => assertMayUpload(user(35, true, true), 'photo')).not.toThrow();
  });

  it('refuses buyers, missing flags and tokens without rights', () => {
    expect(() => assertMayUpload(user(2, true, false), 'photo')).toThrow('uploadNotAllowed');
    expect(() => assertMayUpload(user(3, false, true), 'video')).toThrow('uploadNotAllowed');
    expect(() => assertMayUpload(user(0, true, true), 'video')).toThrow('uploadNotAllowed');
    expect(() => assertMayUpload({ userId: 'u', sessionId: 's' }, 'video')).toThrow('uploadNotAllowed');
  });

  it('lets only gid 2 edit and delete', () => {
    expect(() => assertMayEdit(user(2, true, false))).not.toThrow();
    expect(() => assertMayEdit(user(3, true, true))).toThrow('forbidden');
  });
});
