import { PURCHASE_REQUEST_STATUSES } from '@mkt/contracts';
import { PURCHASE_REQUEST_TRANSITIONS, decide } from './purchase-request-lifecycle.js';

describe('purchase request lifecycle', () => {
  it('decides a pending request once, either way', () => {
    expect(decide('pending', 'approve')).toBe('approved');
    expect(decide('pending', 'decline')).toBe('declined');
  });

  it('refuses every other move with 409, whatever was decided before', () => {
    for (const from of PURCHASE_REQUEST_STATUSES.filter((status) => status !== 'pending')) {
      for (const action of Object.keys(PURCHASE_REQUEST_TRANSITIONS) as (keyof typeof PURCHASE_REQUEST_TRANSITIONS)[]) {
        expect(() => decide(from, action)).toThrow(expect.objectContaining({ code: 5303, httpStatus: 409 }));
      }
    }
  });
});
