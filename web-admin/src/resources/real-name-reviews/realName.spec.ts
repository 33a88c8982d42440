import { awaitsVerdict, rejectReason, REJECT_REASON_MAX, REVIEW_STATUSES, STATUS_COLORS } from './realName';

describe('real-name review helpers', () => {
  it('offers verdicts on waiting submissions only', () => {
    expect(REVIEW_STATUSES.filter(awaitsVerdict)).toEqual(['verifying']);
    expect(Object.keys(STATUS_COLORS).sort()).toEqual([...REVIEW_STATUSES].sort());
  });

  it('sends a trimmed one-line reason within the limit, nothing else', () => {
    expect(rejectReason('  照片模糊，请重新拍摄 ')).toBe('照片模糊，请重新拍摄');
    expect(rejectReason('   ')).toBeNull();
    expect(rejectReason('first line\nsecond line')).toBeNull();
    expect(rejectReason('blurred\u0000')).toBeNull();
    expect(rejectReason('x'.repeat(REJECT_REASON_MAX))).toHaveLength(REJECT_REASON_MAX);
    expect(rejectReason('x'.repeat(REJECT_REASON_MAX + 1))).toBeNull();
  });
});
