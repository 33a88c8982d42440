import { demoObjectKeys } from './demo-media-keys.js';

describe('demoObjectKeys', () => {
  it('lays a video out under demo/<key>/ with its previews', () => {
    expect(demoObjectKeys({ key: 'v-1', kind: 'video' })).toEqual({
      original: 'demo/v-1/original.mp4',
      thumbnail: 'demo/v-1/thumb.jpg',
      sample: 'demo/v-1/sample.mp4',
      preview480: 'demo/v-1/preview-480.mp4',
      previewStrip: 'demo/v-1/strip.jpg',
      meta: 'demo/v-1/meta.json',
    });
  });

  it('gives a photo JPEGs and no previews', () => {
    expect(demoObjectKeys({ key: 'p-1', kind: 'photo' })).toEqual({
      original: 'demo/p-1/original.jpg',
      thumbnail: 'demo/p-1/thumb.jpg',
      sample: 'demo/p-1/sample.jpg',
      meta: 'demo/p-1/meta.json',
    });
  });
});
