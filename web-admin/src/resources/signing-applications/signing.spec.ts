import { STAFF_ROLES } from '@mkt/contracts';
import { isAllowed } from '../../providers/access';
import { approvalRights, awaitsVerdict, SIGNING_REVIEW_STATUSES, STATUS_COLORS } from './signing';

describe('signing review helpers', () => {
  it('offers verdicts on waiting applications only', () => {
    expect(SIGNING_REVIEW_STATUSES.filter(awaitsVerdict)).toEqual(['pending']);
    expect(Object.keys(STATUS_COLORS).sort()).toEqual([...SIGNING_REVIEW_STATUSES].sort());
  });

  it('approves with at least one upload right', () => {
    expect(approvalRights(true, false)).toEqual({ videoFlag: true, photoFlag: false });
    expect(approvalRights(true, true)).toEqual({ videoFlag: true, photoFlag: true });
    expect(approvalRights(false, false)).toBeNull();
  });

  it('is for admins and reviewers, who decide on the show page rather than by editing', () => {
    for (const role of STAFF_ROLES) {
      for (const action of ['list', 'show'] as const) expect([role, action, isAllowed([role], 'signing-applications', action)]).toEqual([role, action, role === 'admin' || role === 'reviewer']);
      expect(isAllowed([role], 'signing-applications', 'edit')).toBe(false);
    }
  });
});
