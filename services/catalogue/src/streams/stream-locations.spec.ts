import { streamFolder, streamMasterOf } from './stream-locations.js';

describe('streamMasterOf', () => {
  it('names the master playlist of any file of a stream', () => {
    for (const key of ['streams/12/master.m3u8', 'streams/12/480p/index.m3u8', 'streams/12/240p/000.ts', 'streams/12/1080p/01234.ts']) {
      expect(streamMasterOf(key)).toBe('renditions/streams/12/master.m3u8');
    }
    expect(streamMasterOf(`${streamFolder(7)}master.m3u8`)).toBe('renditions/streams/7/master.m3u8');
  });

  it('is null for anything else, so no other object is served as part of a stream', () => {
    for (const key of ['streams/12/secret.mp4', 'streams/12/480p/../master.m3u8', 'streams/x/master.m3u8', 'uploads/1/a/preview-480.mp4', 'streams/12/480p/000.ts.jpg', 'prefix/streams/12/master.m3u8', 'streams/12/master.m3u8\u0000']) {
      expect(streamMasterOf(key)).toBeNull();
    }
  });
});
