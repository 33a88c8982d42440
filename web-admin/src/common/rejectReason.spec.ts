import { rejectReason, REJECT_REASON_MAX } from './rejectReason';

describe('a rejection reason', () => {
  it('sends a trimmed one-line reason within the limit, nothing else', () => {
    expect(rejectReason('  照片模糊，请重新拍摄 ')).toBe('照片模糊，请重新拍摄');
    expect(rejectReason('   ')).toBeNull();
    expect(rejectReason('first line\nsecond line')).toBeNull();
    expect(rejectReason('blurred\u0000')).toBeNull();
    expect(rejectReason('x'.repeat(REJECT_REASON_MAX))).toHaveLength(REJECT_REASON_MAX);
    expect(rejectReason('x'.repeat(REJECT_REASON_MAX + 1))).toBeNull();
  });
});
