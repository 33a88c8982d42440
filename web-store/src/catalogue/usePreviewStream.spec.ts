import { previewPlayback } from './usePreviewStream';

describe('previewPlayback', () => {
  it('plays a stream through the library where Media Source Extensions exist, natively where only the browser has HLS', () => {
    expect(previewPlayback('/api/media/renditions/streams/1/master.m3u8', true, true)).toBe('library');
    expect(previewPlayback('/api/media/renditions/streams/1/master.m3u8', false, true)).toBe('library');
    expect(previewPlayback('/api/media/renditions/streams/1/master.m3u8', true, false)).toBe('native');
  });

  it('plays the MP4 without a stream, or where neither way exists', () => {
    expect(previewPlayback(null, true, true)).toBe('mp4');
    expect(previewPlayback('/s/master.m3u8', false, false)).toBe('mp4');
  });
});
