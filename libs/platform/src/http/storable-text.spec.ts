import { ErrorCode } from '@mkt/contracts';
import { AppError } from '../errors/app-error.js';
import { findUnstorableText, unstorableTextRefusal } from './storable-text.js';

describe('text that cannot be stored', () => {
  it('finds NUL and unpaired surrogates in strings and keys, at any depth, and names the field', () => {
    expect(findUnstorableText({ keyword: 'sea\u0000', page: 1 }, '')).toBe('keyword');
    expect(findUnstorableText({ form: { company: ['ok', 'half \ud83d'] } }, '')).toBe('form.company.1');
    expect(findUnstorableText({ 'a\u0000': 1 }, 'query')).toBe('query');
    expect(findUnstorableText('\udc00', 'path')).toBe('path');
  });

  it('lets through ordinary text, emoji and other characters in full', () => {
    expect(findUnstorableText({ title: '海边日出 🌅', note: 'line\nbreak', n: null, ok: true }, '')).toBeNull();
  });

  it('answers 422 for the path, the query or the body, and passes a clean request on', () => {
    const run = (request: { path?: string; query?: unknown; body?: unknown }) =>
      unstorableTextRefusal(request.path ?? '/', request.query ?? {}, request.body) ?? undefined;
    const refused = run({ path: '/api/media/renditions/demo%00/x.jpg' }) as AppError;
    expect(refused).toBeInstanceOf(AppError);
    expect([refused.code, refused.params]).toEqual([ErrorCode.VALIDATION_FAILED, { field: 'path' }]);
    expect((run({ query: { q: 'x\u0000' } }) as AppError).params).toEqual({ field: 'query.q' });
    expect((run({ body: { username: 'admin\u0000' } }) as AppError).params).toEqual({ field: 'username' });
    expect((run({ path: '/api/%E0%A4%A' }) as AppError).code).toBe(ErrorCode.MALFORMED_BODY);
    expect(run({ path: '/api/search', query: { q: '航拍' }, body: { keyword: 'drone' } })).toBeUndefined();
  });
});
