import { tmpdir } from 'node:os';
import { SEEKABLE_SOURCE_SECONDS } from '@mkt/platform';
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

  it('offers the desktop uploader only where the deployment configured a link', () => {
    expect(uploadSettings({ env: 'production' }, {}).desktopUploader).toEqual({ windowsUrl: null, macUrl: null });
    expect(uploadSettings({ env: 'production' }, { DESKTOP_UPLOADER_WINDOWS_URL: 'https://cdn.example.com/LumenUploader-2.3.2.exe', DESKTOP_UPLOADER_MAC_URL: '' }).desktopUploader).toEqual({
      windowsUrl: 'https://cdn.example.com/LumenUploader-2.3.2.exe',
      macUrl: null,
    });
    expect(uploadSettings({ env: 'test' }, { DESKTOP_UPLOADER_MAC_URL: '/files/uploader/LumenUploader.dmg' }).desktopUploader.macUrl).toBe('/files/uploader/LumenUploader.dmg');
  });

  it('refuses a download link that is not an http(s) address or a path of this site', () => {
    for (const bad of ['javascript:alert(1)', '//evil.example.com/x.exe', 'ftp://host/x', 'uploader.exe', 'https://host/a b.exe']) {
      expect(() => uploadSettings({ env: 'test' }, { DESKTOP_UPLOADER_WINDOWS_URL: bad })).toThrow(/DESKTOP_UPLOADER_WINDOWS_URL/);
    }
  });

  it('kills a stuck video job before the link it reads the original through expires', () => {
    // ffprobe, the rendition run and three keyframe runs, each killed at the timeout.
    const longestJobSeconds = (5 * uploadSettings({ env: 'production' }, {}).ffmpegTimeoutMs) / 1000;
    expect(longestJobSeconds).toBeLessThan(SEEKABLE_SOURCE_SECONDS);
  });

  it('renders into UPLOAD_WORK_DIR when one is given, else the system temp folder', () => {
    expect(uploadSettings({ env: 'production' }, {}).workDir).toBe(tmpdir());
    expect(uploadSettings({ env: 'production' }, { UPLOAD_WORK_DIR: '/var/media-work' }).workDir).toBe('/var/media-work');
    expect(() => uploadSettings({ env: 'production' }, { UPLOAD_WORK_DIR: 'media-work' })).toThrow(/UPLOAD_WORK_DIR must be an absolute path/);
  });
});
