import { parseHttpRangeHeader, resolveByteRange } from './byte-range.js';
import { InvalidRangeError } from './object-storage.errors.js';

describe('resolveByteRange', () => {
  it('keeps a range inside the object and clamps an end past it', () => {
    expect(resolveByteRange({ start: 2, end: 5 }, 10)).toEqual({ start: 2, end: 5 });
    expect(resolveByteRange({ start: 2 }, 10)).toEqual({ start: 2, end: 9 });
    expect(resolveByteRange({ start: 9, end: 100 }, 10)).toEqual({ start: 9, end: 9 });
  });

  it.each([
    [{ start: 10 }, 10],
    [{ start: 0 }, 0],
    [{ start: -1 }, 10],
    [{ start: 1.5 }, 10],
    [{ start: 5, end: 4 }, 10],
    [{ start: 0, end: Number.NaN }, 10],
  ])('refuses %j on %i bytes', (range, size) => {
    expect(() => resolveByteRange(range, size)).toThrow(InvalidRangeError);
  });
});

describe('parseHttpRangeHeader', () => {
  it.each([
    ['bytes=0-0', { kind: 'range', range: { start: 0, end: 0 } }],
    ['bytes=5-', { kind: 'range', range: { start: 5, end: 19 } }],
    ['bytes=15-99', { kind: 'range', range: { start: 15, end: 19 } }],
    ['bytes=-5', { kind: 'range', range: { start: 15, end: 19 } }],
    ['bytes=-50', { kind: 'range', range: { start: 0, end: 19 } }],
    ['bytes=20-', { kind: 'unsatisfiable' }],
    ['bytes=20-30', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=5-2', { kind: 'whole' }],
    ['bytes=0-1,4-5', { kind: 'whole' }],
    ['items=0-1', { kind: 'whole' }],
    ['bytes=-', { kind: 'whole' }],
    ['garbage', { kind: 'whole' }],
  ])('reads %j on a 20-byte file', (header, expected) => {
    expect(parseHttpRangeHeader(header, 20)).toEqual(expected);
  });

  it('serves the whole file without a header, and nothing inside an empty one', () => {
    expect(parseHttpRangeHeader(undefined, 20)).toEqual({ kind: 'whole' });
    expect(parseHttpRangeHeader('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseHttpRangeHeader('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
