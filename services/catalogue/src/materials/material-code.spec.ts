import { exactLookupOf, materialCode } from './material-code.js';
import { derivedFilters, filterClauses, mergeFilters, normalizeFilters } from './material-filters.js';

describe('copy numbers', () => {
  it('formats a kind prefix and eight digits', () => {
    expect(materialCode('video', 123)).toBe('LV10000123');
    expect(materialCode('photo', 1)).toBe('LP10000001');
    expect(materialCode('music', 42)).toBe('LM10000042');
    expect(materialCode('sfx', 7)).toBe('LS10000007');
    expect(() => materialCode('video', 0)).toThrow();
  });

  it('recognises a copy number in any case or a bare id, and nothing else', () => {
    expect(exactLookupOf(' lv10000123 ')).toEqual({ by: 'code', code: 'LV10000123' });
    expect(exactLookupOf('LP10000001')).toEqual({ by: 'code', code: 'LP10000001' });
    expect(exactLookupOf('123')).toEqual({ by: 'id', id: 123 });
    expect(exactLookupOf('１２３')).toEqual({ by: 'id', id: 123 });
    for (const text of ['', '0', 'LX10000123', 'LV', 'sunset', '4k', '12 34', '9'.repeat(40)]) expect(exactLookupOf(text)).toBeNull();
  });
});

describe('filter parsing', () => {
  it('keeps known values in canonical order and drops empty names', () => {
    expect(normalizeFilters({ resolution: ['1080p', '4k', '4k'], people: [] })).toEqual({ resolution: ['4k', '1080p'] });
    expect(() => normalizeFilters({ resolution: ['16k'] })).toThrow();
  });

  it('builds one containment document per value', () => {
    expect(filterClauses({ mediaType: ['aerial', 'timelapse'], resolution: ['4k'] })).toEqual([
      { name: 'mediaType', documents: ['{"mediaType":["aerial"]}', '{"mediaType":["timelapse"]}'] },
      { name: 'resolution', documents: ['{"resolution":["4k"]}'] },
    ]);
  });

  it('derives resolution, frame rate and duration buckets from metadata', () => {
    expect(derivedFilters({ height: 2160, fps: 29.97, durationSeconds: 12 })).toEqual({ resolution: ['4k'], frameRate: ['30'], duration: ['10-30'] });
    expect(derivedFilters({ height: 1080, fps: null, durationSeconds: null })).toEqual({ resolution: ['1080p'] });
    expect(mergeFilters({ mediaType: ['aerial'] }, { resolution: ['4k'], mediaType: ['timelapse'] })).toEqual({ mediaType: ['aerial', 'timelapse'], resolution: ['4k'] });
  });
});
