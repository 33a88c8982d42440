import { awaitsVerdict, REVIEW_STATUSES, STATUS_COLORS } from './realName';

describe('real-name review helpers', () => {
  it('offers verdicts on waiting submissions only', () => {
    expect(REVIEW_STATUSES.filter(awaitsVerdict)).toEqual(['verifying']);
    expect(Object.keys(STATUS_COLORS).sort()).toEqual([...REVIEW_STATUSES].sort());
  });
});
