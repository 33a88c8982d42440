import { z } from 'zod';
import { AppError } from '../errors/app-error.js';
import { parseListQuery } from './list-query.js';

const options = { sortable: ['createdAt', 'gid'] as const, defaultSort: ['createdAt', 'DESC'] as ['createdAt', 'DESC'], filter: z.object({ gid: z.number() }).partial() };

describe('parseListQuery', () => {
  it('reads react-admin sort, range and filter', () => {
    expect(parseListQuery({ sort: '["gid","ASC"]', range: '[10,19]', filter: '{"gid":2}' }, options)).toEqual({
      sortField: 'gid',
      sortOrder: 'ASC',
      skip: 10,
      take: 10,
      filter: { gid: 2 },
    });
  });

  it('refuses a filter whose JSON escapes spell a NUL or an unpaired surrogate', () => {
    for (const filter of [JSON.stringify({ q: 'x\u0000' }), '{"q":"\\ud800"}']) {
      try {
        parseListQuery({ filter }, options);
        throw new Error('accepted');
      } catch (error) {
        expect((error as AppError).messageKey).toBe('textUnstorable');
        expect((error as AppError).params).toEqual({ field: 'filter.q' });
      }
    }
  });

  it('defaults and caps the page size', () => {
    expect(parseListQuery({}, options)).toMatchObject({ sortField: 'createdAt', sortOrder: 'DESC', skip: 0, take: 25 });
    expect(parseListQuery({ range: '[0,100000]' }, options).take).toBe(200);
  });

  it('answers a getMany (filter by ids, no range) with every id, not the default 25', () => {
    const byIds = { ...options, filter: z.object({ id: z.array(z.number()).max(500), gid: z.number() }).partial() };
    const ids = Array.from({ length: 300 }, (_, i) => i + 1);
    expect(parseListQuery({ filter: JSON.stringify({ id: ids }) }, byIds)).toMatchObject({ skip: 0, take: 300, filter: { id: ids } });
    expect(parseListQuery({ filter: JSON.stringify({ id: [7] }) }, byIds).take).toBe(1);
    // An explicit range still wins, an empty id list keeps the default page, the schema's max still refuses.
    expect(parseListQuery({ filter: JSON.stringify({ id: ids }), range: '[0,9]' }, byIds).take).toBe(10);
    expect(parseListQuery({ filter: JSON.stringify({ id: [] }) }, byIds).take).toBe(25);
    expect(() => parseListQuery({ filter: JSON.stringify({ id: Array.from({ length: 501 }, (_, i) => i + 1) }) }, byIds)).toThrow(AppError);
  });

  it.each([
    [{ sort: '["password","ASC"]' }],
    [{ sort: '["gid","SIDEWAYS"]' }],
    [{ range: '[5,1]' }],
    [{ range: '[-1,3]' }],
    [{ filter: '{not json' }],
    [{ filter: '{"gid":"two"}' }],
    [{ sort: ['a', 'b'] }],
  ])('refuses %p with a validation error', (query) => {
    expect(() => parseListQuery(query as Record<string, unknown>, options)).toThrow(AppError);
  });
});
