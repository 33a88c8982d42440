import { trackCover } from './trackCover';

describe('trackCover', () => {
  it('is the track’s own cover when it has one', () => {
    expect(trackCover({ coverStr: '/api/media/renditions/m1/cover.jpg', musicId: 1 })).toBe('/api/media/renditions/m1/cover.jpg');
  });

  it('draws one for a track without a cover, different for neighbouring tracks', () => {
    const a = trackCover({ coverStr: '', musicId: 7 });
    const b = trackCover({ coverStr: null, musicId: 8 });
    expect(a).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(a)).toContain('<svg');
    expect(a).not.toBe(b);
    expect(trackCover({ musicId: 7 })).toBe(a);
  });
});
