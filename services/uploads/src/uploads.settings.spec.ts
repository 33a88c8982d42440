import { uploadSettings } from './uploads.settings.js';

describe('uploadSettings', () => {
  it('lowers the video minimum for tests and development only', () => {
    expect(uploadSettings({ env: 'test' }, { UPLOAD_MIN_VIDEO_BYTES: '1000' }).overrides).toEqual({ videoMinBytes: 1000 });
    expect(uploadSettings({ env: 'development' }, { UPLOAD_MIN_VIDEO_BYTES: '1000' }).overrides).toEqual({ videoMinBytes: 1000 });
    expect(uploadSettings({ env: 'production' }, { UPLOAD_MIN_VIDEO_BYTES: '1000' }).overrides).toEqual({});
  });

  it('ignores nonsense and values that would raise the minimum', () => {
    expect(uploadSettings({ env: 'test' }, { UPLOAD_MIN_VIDEO_BYTES: 'abc' }).overrides).toEqual({});
    expect(uploadSettings({ env: 'test' }, { UPLOAD_MIN_VIDEO_BYTES: String(50 * 1024 * 1024) }).overrides).toEqual({});
    expect(uploadSettings({ env: 'test' }, {}).overrides).toEqual({});
  });
});
