import { previewPlayback } from './usePreviewStream';

describe('previewPlayback', () => {
  it('plays a stream with the browser\'s own HLS where it has one, through the library on Media Source Extensions elsewhere', () => {
    expect(previewPlayback('/api/media/renditions/streams/1/master.m3u8', true, true)).toBe('native');
    expect(previewPlayback('/api/media/renditions/streams/1/master.m3u8', true, false)).toBe('native');
    expect(previewPlayback('/api/media/renditions/streams/1/master.m3u8', false, true)).toBe('library');
  });

  it('plays the MP4 without a stream, or where neither way exists', () => {
    expect(previewPlayback(null, true, true)).toBe('mp4');
    expect(previewPlayback('/s/master.m3u8', false, false)).toBe('mp4');
  });
});
