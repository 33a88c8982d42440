import { maxResolutionOf } from './max-resolution.js';

describe('maxResolutionOf', () => {
  it('labels videos by their short side and photos by their pixels', () => {
    expect(maxResolutionOf('video', 1920, 1080)).toBe('1080P');
    expect(maxResolutionOf('video', 1080, 1920)).toBe('1080P');
    expect(maxResolutionOf('video', 2560, 1440)).toBe('2K');
    expect(maxResolutionOf('video', 3840, 2160)).toBe('4K');
    expect(maxResolutionOf('video', 7680, 4320)).toBe('8K');
    expect(maxResolutionOf('photo', 4000, 3000)).toBe('4000x3000');
  });
});
