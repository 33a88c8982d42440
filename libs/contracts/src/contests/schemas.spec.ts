import { contestListOrder } from './api.js';
import { contestListRequestSchema } from './schemas.js';

describe('the contest list request (/home/gameList)', () => {
  it('takes orderBy as the original client sends it: a number, digits or a name', () => {
    const order = (orderBy: unknown) => contestListRequestSchema.parse({ orderBy }).orderBy;
    expect([order(0), order('0'), order('newest'), order('NEWEST')]).toEqual(['newest', 'newest', 'newest', 'newest']);
    expect([order(1), order('1'), order('deadline'), order(' Deadline ')]).toEqual(['deadline', 'deadline', 'deadline', 'deadline']);
  });

  it('lists in the default order rather than refusing an orderBy it does not know', () => {
    for (const orderBy of [2, -1, 1.5, 99, 'price', '', null, undefined, true, { by: 1 }]) {
      expect(contestListRequestSchema.safeParse({ orderBy })).toMatchObject({ success: true, data: { orderBy: 'newest', pageNo: 1, pageSize: 100 } });
    }
    expect(contestListRequestSchema.parse({})).toEqual({ pageNo: 1, pageSize: 100, orderBy: 'newest' });
    expect(contestListOrder(Number.NaN)).toBe('newest');
  });

  it('still refuses a page size beyond the spec’s 100', () => {
    expect(contestListRequestSchema.safeParse({ pageSize: 101, orderBy: 1 }).success).toBe(false);
  });
});
