import { orientedSize } from './media-size.js';

describe('orientedSize', () => {
  it('swaps the sides for EXIF orientations 5 to 8 only', () => {
    expect(orientedSize({ width: 4000, height: 3000 })).toEqual({ width: 4000, height: 3000 });
    expect(orientedSize({ width: 4000, height: 3000, orientation: 4 })).toEqual({ width: 4000, height: 3000 });
    for (const orientation of [5, 6, 7, 8]) expect(orientedSize({ width: 4000, height: 3000, orientation })).toEqual({ width: 3000, height: 4000 });
  });

  it('has no size without both sides', () => {
    expect(orientedSize({ width: 4000 })).toBeNull();
    expect(orientedSize({})).toBeNull();
  });
});
